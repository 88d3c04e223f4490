import { Button, Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { Result } from './Result';

interface NotFoundCardProps {
  /** The area's not-found title, e.g. 'Patient Not Found'. */
  title: string;
  subtitle?: string;
  backLabel: string;
  backPath: string;
}

/** A missing record: its not-found title and a back button (spec 1 §2, §8; spec 3 §2, §8). */
export function NotFoundCard({ title, subtitle, backLabel, backPath }: NotFoundCardProps) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="404"
        title={title}
        subTitle={subtitle}
        extra={
          <Button type="primary" onClick={() => navigate(backPath)}>
            {backLabel}
          </Button>
        }
      />
    </Card>
  );
}
