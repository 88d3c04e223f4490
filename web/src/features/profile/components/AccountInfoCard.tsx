import { roleLabel, type SessionUser, formatDate } from '@labline/contracts';
import { Card, Descriptions, Tag } from 'antd';
import { EllipsisText } from '../../../shared/EllipsisText';
import { useDescriptionsLayout } from '../../../shared/useDescriptionsLayout';

/** Role, institution (or 'System Level Access'), member since and last updated. */
export function AccountInfoCard({ user }: { user: SessionUser }) {
  const layout = useDescriptionsLayout();
  return (
    <Card title="Account Information">
      <Descriptions
        layout={layout}
        column={1}
        size="small"
        colon={false}
        styles={{ label: { width: 130 } }}
        items={[
          {
            key: 'role',
            label: 'Role',
            children: (
              <Tag color="blue" style={{ textTransform: 'capitalize', marginInlineEnd: 0 }}>
                {roleLabel(user.role)}
              </Tag>
            ),
          },
          {
            key: 'institution',
            label: 'Institution',
            children: <EllipsisText>{user.institution_name ?? 'System Level Access'}</EllipsisText>,
          },
          { key: 'member-since', label: 'Member Since', children: formatDate(user.created_at) },
          { key: 'last-updated', label: 'Last Updated', children: formatDate(user.updated_at) },
        ]}
      />
    </Card>
  );
}
