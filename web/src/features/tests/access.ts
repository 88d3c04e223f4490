import type { TestRequest, TestRequestAccessFacts } from '@labline/contracts';

/**
 * The facts the contracts' per-record rules read. The answers do not carry the patient's clinician, so a
 * clinician is offered the actions on the requests they ordered; the server decides the rest (it may allow
 * one ordered by a colleague for the clinician's patient, which then simply shows no button).
 */
export const accessFactsOf = (request: Pick<TestRequest, 'institution_id' | 'clinician_id' | 'status'>) =>
  ({
    institution_id: request.institution_id,
    clinician_id: request.clinician_id,
    patient_clinician_id: null,
    status: request.status,
  }) satisfies TestRequestAccessFacts;
