import { roleLabel, type SessionUser } from '@labline/contracts';
import { Card, Descriptions, Tag } from 'antd';
import { formatDate } from '../../../shared/formatDate';

/** Role, institution (or 'System Level Access'), member since and last updated. */
export function AccountInfoCard({ user }: { user: SessionUser }) {
  return (
    <Card title="Account Information">
      <Descriptions
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
          { key: 'institution', label: 'Institution', children: user.institution_name ?? 'System Level Access' },
          { key: 'member-since', label: 'Member Since', children: formatDate(user.created_at) },
          { key: 'last-updated', label: 'Last Updated', children: formatDate(user.updated_at) },
        ]}
      />
    </Card>
  );
}
