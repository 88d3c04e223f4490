/** Display helpers of the test request pages. */
import type { TestRequest } from '@labline/contracts';

export function requestPatientName(request: Pick<TestRequest, 'patient_first_name' | 'patient_last_name'>): string {
  const name = [request.patient_first_name, request.patient_last_name].filter(Boolean).join(' ');
  return name === '' ? 'Unknown patient' : name;
}

/** "First Last" of two name parts, or null when neither is known. */
export function personName(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

export interface RequestCounters {
  pending: number;
  inProgress: number;
  completed: number;
  /** urgent plus stat. */
  urgent: number;
}

/** spec 1 §2: the four counters, over the requests of the current page only. */
export function countRequests(requests: readonly Pick<TestRequest, 'status' | 'priority'>[]): RequestCounters {
  return {
    pending: requests.filter((request) => request.status === 'pending').length,
    inProgress: requests.filter((request) => request.status === 'in_progress').length,
    completed: requests.filter((request) => request.status === 'completed').length,
    urgent: requests.filter((request) => request.priority === 'urgent' || request.priority === 'stat').length,
  };
}
