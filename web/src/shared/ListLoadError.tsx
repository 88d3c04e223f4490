import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Result } from './Result';

interface ListLoadErrorProps {
  /** What failed ("Failed to fetch test requests"). */
  title: string;
  /** The failure's sentence, when it says more than the title. */
  error: Error;
  onRetry(): void;
}

/** A list that failed to load says so, with Retry, instead of an empty table (issue 22). */
export function ListLoadError({ title, error, onRetry }: ListLoadErrorProps) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error.message === title ? undefined : error.message}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
