import { ERRORS } from '@labline/contracts';
import { NotFoundCard } from '../../../shared/NotFoundCard';

/** spec 1 §2, §8: an unknown (or out of scope) test request. */
export function TestRequestNotFound() {
  return (
    <NotFoundCard
      title={ERRORS.testRequestNotFound}
      subtitle="The test request does not exist or you do not have access to it."
      backLabel="Back to Test Requests"
      backPath="/tests"
    />
  );
}
