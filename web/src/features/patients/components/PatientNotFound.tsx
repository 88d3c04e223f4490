import { ERRORS } from '@labline/contracts';
import { NotFoundCard } from '../../../shared/NotFoundCard';

/** spec 1 §2, §8: an unknown (or out of scope) patient. */
export function PatientNotFound() {
  return (
    <NotFoundCard
      title={ERRORS.patientNotFound}
      subtitle={ERRORS.patientNotFoundOrNoAccess}
      backLabel="Back to Patients"
      backPath="/patients"
    />
  );
}
