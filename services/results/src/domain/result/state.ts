import type { ResultStatus, ResultsEventData } from '@labline/contracts';
import type { ResultEvent } from './events';

export type ResultContent = Pick<ResultsEventData<'ResultUpdated'>, 'result_data' | 'result_values' | 'interpretation'>;

/** What the rules look at: the tenant, the test request, the patient's clinician, the status and the content. */
export interface RecordedResult {
  resultId: number;
  test_request_id: number;
  institution_id: number;
  patient_id: number;
  clinician_id: number | null;
  test_name: string;
  status: ResultStatus;
  content: ResultContent;
}

export type ResultState = { status: 'none' } | { status: 'recorded'; result: RecordedResult };

export const initialResultState = (): ResultState => ({ status: 'none' });

const contentOf = (data: ResultContent): ResultContent => ({
  result_data: data.result_data,
  result_values: data.result_values,
  interpretation: data.interpretation,
});

export function evolveResult(state: ResultState, event: ResultEvent): ResultState {
  if (event.type === 'ResultEntered') {
    const { resultId, test_request_id, institution_id, patient_id, clinician_id, test_name, status } = event.data;
    return {
      status: 'recorded',
      result: {
        resultId,
        test_request_id,
        institution_id,
        patient_id,
        clinician_id,
        test_name,
        status,
        content: contentOf(event.data),
      },
    };
  }
  if (state.status !== 'recorded') return state;
  return {
    status: 'recorded',
    result: { ...state.result, status: event.data.status, content: contentOf(event.data) },
  };
}
