import { ERRORS } from '@labline/contracts';
import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Result } from '../../shared/Result';

/** The router's fallback screen (spec 1 §8: 'Unexpected Application Error!'). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Result
        status="500"
        title={ERRORS.unexpectedApplicationError}
        subTitle={import.meta.env.DEV && error instanceof Error ? error.message : undefined}
        extra={
          <Button type="primary" href="/dashboard">
            Back to Dashboard
          </Button>
        }
      />
    </Flex>
  );
}
