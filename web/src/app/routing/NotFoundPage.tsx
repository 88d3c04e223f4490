import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../session/useCaller';
import { homeEntry } from './homeEntry';
import { Result } from '../../shared/Result';

/** An address no route names; the way back leads to a page the caller may open (homeEntry). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const home = homeEntry(useCaller());
  return (
    <Result
      status="404"
      title="Page Not Found"
      subTitle="The page you are looking for does not exist."
      extra={
        <Button type="primary" onClick={() => navigate(home.path)}>
          Back to {home.name}
        </Button>
      }
    />
  );
}
