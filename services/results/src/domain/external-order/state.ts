import type { ExternalLabProviderName, ExternalLabStatus } from '@labline/contracts';
import type { ExternalOrderEvent } from './events';

/** A marker as it went to the laboratory. */
export interface SentMarker {
  marker_id: number;
  loinc: string;
  unit_ucum: string | null;
}

/** Where a result's order stands: Labline's pending until a submission, then as the laboratory last said. */
export interface ExternalOrderState {
  status: ExternalLabStatus;
  provider: ExternalLabProviderName | null;
  externalLabId: string | null;
  hasResults: boolean;
  /** The markers as the last submission sent them (the results are matched against these). */
  markers: readonly SentMarker[];
}

export const initialExternalOrderState = (): ExternalOrderState => ({
  status: 'pending',
  provider: null,
  externalLabId: null,
  hasResults: false,
  markers: [],
});

export function evolveExternalOrder(state: ExternalOrderState, event: ExternalOrderEvent): ExternalOrderState {
  const moved = { ...state, status: event.data.status, provider: event.data.provider };
  switch (event.type) {
    case 'ExternalOrderSubmitted':
      // a new submission (a retry) is a new order: its results are still to come
      return { ...moved, externalLabId: event.data.external_lab_id, hasResults: false, markers: event.data.markers };
    case 'ExternalOrderFailed':
      return { ...moved, externalLabId: event.data.external_lab_id ?? state.externalLabId };
    case 'ExternalResultsReceived':
      return { ...moved, hasResults: true };
    default:
      return moved;
  }
}
