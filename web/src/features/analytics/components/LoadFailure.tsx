import { Alert, Button } from 'antd';

interface LoadFailureProps {
  /** spec 3 §8's text for what failed ("Failed to fetch institution analytics"). */
  title: string;
  error: unknown;
  onRetry(): unknown;
}

/**
 * A view's failed load in the red banner of spec 3 §8, with the server's reason under it when it says more (a
 * foreign or unknown id's "not found") and Retry.
 */
export function LoadFailure({ title, error, onRetry }: LoadFailureProps) {
  const reason = error instanceof Error && error.message !== title ? error.message : undefined;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={reason}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    />
  );
}
