import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

interface NotFoundCardProps {
  title: string;
  backLabel: string;
  backPath: string;
}

/** A missing record: its not-found title and a back button (spec 3 §2, §8). */
export function NotFoundCard({ title, backLabel, backPath }: NotFoundCardProps) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="404"
        title={title}
        extra={
          <Button type="primary" onClick={() => navigate(backPath)}>
            {backLabel}
          </Button>
        }
      />
    </Card>
  );
}
