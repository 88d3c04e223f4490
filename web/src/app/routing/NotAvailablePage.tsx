import { ClockCircleOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useRouteTitle } from './useRouteTitle';
import { PageHeader } from '../../shared/PageHeader';
import { Result } from '../../shared/Result';

export const NOT_AVAILABLE_YET = 'This page is not available yet';

/** Placeholder for a screen that a later issue delivers: its title and a note, no invented data. */
export function NotAvailablePage() {
  const title = useRouteTitle();
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Result icon={<ClockCircleOutlined />} title={NOT_AVAILABLE_YET} />
      </Card>
    </>
  );
}
