import { ERRORS } from '@labline/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { homeEntry } from '../app/routing/homeEntry';
import { useCaller } from '../app/session/useCaller';
import { Result } from './Result';

/**
 * The Access Denied screen with the area's permission message (spec 1 §2, spec 2 §2, spec 3 §8), and a way
 * back to a page the caller may open (the dashboard for every role's defaults).
 */
export function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  const home = homeEntry(useCaller());
  return (
    <Result
      status="403"
      title={ERRORS.accessDenied}
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => navigate(home.path)}>
          Back to {home.name}
        </Button>
      }
    />
  );
}
