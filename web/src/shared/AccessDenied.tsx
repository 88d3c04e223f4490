import { ERRORS } from '@labline/contracts';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The Access Denied screen with the area's permission message (spec 1 §2, spec 2 §2, spec 3 §8). */
export function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={ERRORS.accessDenied}
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
