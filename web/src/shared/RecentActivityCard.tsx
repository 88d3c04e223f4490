import { formatDateTime } from '@labline/contracts';
import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { StatusTag } from './RequestTags';

interface ActivityRow {
  id: number;
  display_id: string;
  status: string;
  updated_at: string;
}

interface RecentActivityCardProps<T extends ActivityRow> {
  title: string;
  /** The loaded rows, newest first: the first `limit` are shown. */
  rows: readonly T[];
  limit: number;
  /** The record's page, e.g. `/results/12`. */
  pathOf(row: T): string;
  /** One line on what the record is ("HbA1c for Jane Doe"). */
  describe(row: T): string;
}

/** A list page's Recent … Activity card (spec 2 §2.5, §2.7): the first rows, each linked, with its status. */
export function RecentActivityCard<T extends ActivityRow>({
  title,
  rows,
  limit,
  pathOf,
  describe,
}: RecentActivityCardProps<T>) {
  const recent = rows.slice(0, limit);
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} data-testid="recent-activity">
      {recent.length === 0 ? (
        <Typography.Text type="secondary">No recent activity</Typography.Text>
      ) : (
        <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {recent.map((row) => (
            <Flex key={row.id} component="li" justify="space-between" align="center" gap={12} wrap>
              <Flex vertical>
                {/* On a line of its own: a link inside a sentence must be told apart by more than its colour. */}
                <Link to={pathOf(row)}>{row.display_id}</Link>
                <Typography.Text>{describe(row)}</Typography.Text>
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
