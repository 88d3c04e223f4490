import { ERRORS } from '@labline/contracts';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** spec 1 §2, §8: an unknown (or out of scope) patient. */
export function PatientNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={ERRORS.patientNotFound}
      subTitle="The patient does not exist or you do not have access to it."
      extra={
        <Button type="primary" onClick={() => navigate('/patients')}>
          Back to Patients
        </Button>
      }
    />
  );
}
