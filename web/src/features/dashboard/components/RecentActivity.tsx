import { SettingOutlined } from '@ant-design/icons';
import {
  ACTIVITY_DEFAULT_DESCRIPTIONS,
  ACTIVITY_TYPE_LABELS,
  DASHBOARD_TEXTS,
  formatDateTime,
  type Activity,
  type ActivityType,
} from '@labline/contracts';
import { Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SECTION_ICONS } from '../../../app/layout/navigationIcons';
import { StatusTag } from '../../../shared/RequestTags';

/** The icon of each kind of activity: the navigation's icon of its area. */
const ACTIVITY_ICONS: Readonly<Record<ActivityType, ReactNode>> = {
  test_request: SECTION_ICONS.tests,
  test_result: SECTION_ICONS.results,
  patient: SECTION_ICONS.patients,
  fulfillment: SECTION_ICONS.fulfillment,
  system: <SettingOutlined />,
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
                {item.status !== null && <StatusTag status={item.status} />}
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
