import { formatDateTime, RESULT_LIMITS, RESULT_TEXTS, type ResultRecord } from '@labline/contracts';
import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { StatusTag } from '../../../shared/RequestTags';
import { NONE, patientName } from '../model';

/** spec 2 §2.7's Recent Results Activity: the first 5 of the loaded rows. */
export function RecentActivity({ rows }: { rows: readonly ResultRecord[] }) {
  const recent = rows.slice(0, RESULT_LIMITS.recentActivity);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{RESULT_TEXTS.recentActivity}</h2>}
      data-testid="recent-activity"
    >
      {recent.length === 0 ? (
        <Typography.Text type="secondary">No recent activity</Typography.Text>
      ) : (
        <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {recent.map((row) => (
            <Flex key={row.id} component="li" justify="space-between" align="center" gap={12} wrap>
              <Flex vertical>
                <Link to={`/results/${row.id}`}>{row.display_id}</Link>
                <Typography.Text>
                  {row.test_name} for {patientName(row) || NONE}
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
