import type { TestRequestDetail } from '@labline/contracts';

/** The router state the order form leaves for /tests after ordering several tests: their labels are offered there. */
interface OrderedState {
  ordered: readonly TestRequestDetail[];
}

export const orderedState = (ordered: readonly TestRequestDetail[]): OrderedState => ({ ordered });

/** The requests just ordered, from the router state (none on any other visit, or after a reload of a stale entry). */
export function orderedRequests(state: unknown): readonly TestRequestDetail[] {
  if (typeof state !== 'object' || state === null || !('ordered' in state)) return [];
  const { ordered } = state as OrderedState;
  return Array.isArray(ordered) ? ordered : [];
}
