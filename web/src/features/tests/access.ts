import type { TestRequest, TestRequestAccessFacts } from '@labline/contracts';

/** The facts the contracts' per-record rules read, as the request's answer carries them. */
export const accessFactsOf = (
  request: Pick<TestRequest, 'institution_id' | 'clinician_id' | 'patient_clinician_id' | 'status'>,
) =>
  ({
    institution_id: request.institution_id,
    clinician_id: request.clinician_id,
    patient_clinician_id: request.patient_clinician_id,
    status: request.status,
  }) satisfies TestRequestAccessFacts;
