import { Flex, Spin } from 'antd';

/** Shown while the stored session is being checked (spec 1 §2, Layout). */
export function FullPageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-label="Loading">
      <Spin size="large" />
    </Flex>
  );
}
