import { FULFILLMENT_LIMITS, formatDateTime, type FulfillmentRequestRow } from '@labline/contracts';
import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { StatusTag } from '../../../shared/RequestTags';
import { patientName } from '../model';

/** spec 2 §2.5's Recent Fulfillment Activity: the first 5 of the loaded rows. */
export function RecentActivity({ rows }: { rows: readonly FulfillmentRequestRow[] }) {
  const recent = rows.slice(0, FULFILLMENT_LIMITS.recentActivity);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>Recent Fulfillment Activity</h2>}
      data-testid="recent-activity"
    >
      {recent.length === 0 ? (
        <Typography.Text type="secondary">No recent activity</Typography.Text>
      ) : (
        <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {recent.map((row) => (
            <Flex key={row.id} component="li" justify="space-between" align="center" gap={12} wrap>
              <Flex vertical>
                {/* On a line of its own: a link inside a sentence must be told apart by more than its colour. */}
                <Link to={`/fulfillment/${row.id}`}>{row.display_id}</Link>
                <Typography.Text>
                  {row.item_name ?? '—'} for {patientName(row) || '—'}
                </Typography.Text>
                <Typography.Text type="secondary">Updated {formatDateTime(row.updated_at)}</Typography.Text>
              </Flex>
              <StatusTag status={row.status} />
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
