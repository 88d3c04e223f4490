import {
  DatabaseOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  IdcardOutlined,
  SendOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import {
  ACTIVITY_DEFAULT_DESCRIPTIONS,
  ACTIVITY_TYPE_LABELS,
  DASHBOARD_TEXTS,
  formatDateTime,
  type Activity,
  type ActivityType,
} from '@labline/contracts';
import { Badge, Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The icon of each kind of activity: icons of the dashboard's own. The navigation's would split its icon module out
 * of the layout's chunk (shared by two pages), and that cost every page 0.5 kB (/tests went over its budget).
 */
const ACTIVITY_ICONS: Readonly<Record<ActivityType, ReactNode>> = {
  test_request: <FileTextOutlined />,
  test_result: <FileSearchOutlined />,
  patient: <IdcardOutlined />,
  fulfillment: <SendOutlined />,
  inventory: <DatabaseOutlined />,
  system: <SettingOutlined />,
};

/**
 * The status badge's dot (spec 1 §2 "a status badge"): the record's state at a glance. Its own small map, not the
 * request pages' StatusTag, whose module would be shared by the request pages and the dashboard (a chunk of its
 * own, loaded by each).
 */
const BADGE_STATUS: Readonly<Record<string, 'success' | 'processing' | 'warning' | 'default'>> = {
  pending: 'warning',
  draft: 'warning',
  approved: 'processing',
  reviewed: 'processing',
  fulfilled: 'processing',
  in_progress: 'processing',
  completed: 'success',
  final: 'success',
  cancelled: 'default',
};

/**
 * spec 1 §2 Recent Activity: each item's icon, its description (or the type's default), who did it, the institution
 * (the server names it for super_admin only), its status badge, type label and date; 'No recent activity' when none.
 */
export function RecentActivity({ activity }: { activity: readonly Activity[] }) {
  if (activity.length === 0) return <Empty description={DASHBOARD_TEXTS.noRecentActivity} />;
  return (
    <ul aria-label="Recent Activity" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {activity.map((item, index) => (
        <li
          key={`${item.created_at}-${index}`}
          data-testid="activity-item"
          style={{ padding: '10px 0', borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <Flex gap={12} align="flex-start">
            <span aria-hidden style={{ fontSize: 18, lineHeight: '22px' }}>
              {ACTIVITY_ICONS[item.type]}
            </span>
            <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {item.description ?? ACTIVITY_DEFAULT_DESCRIPTIONS[item.type]}
              </Typography.Text>
              <Typography.Text type="secondary">
                {[item.user_name ?? 'System', item.institution_name].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Flex>
            <Flex vertical gap={4} align="flex-end">
              <Flex gap={4} wrap justify="flex-end">
                {item.status !== null && (
                  <Badge
                    status={BADGE_STATUS[item.status] ?? 'default'}
                    // 'in_progress' reads 'In Progress'
                    text={<span style={{ textTransform: 'capitalize' }}>{item.status.replace(/_/g, ' ')}</span>}
                  />
                )}
                <Tag>{ACTIVITY_TYPE_LABELS[item.type]}</Tag>
              </Flex>
              <Typography.Text type="secondary">{formatDateTime(item.created_at)}</Typography.Text>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
