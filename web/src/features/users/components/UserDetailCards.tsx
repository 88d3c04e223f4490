import { ROLE_DESCRIPTIONS, type User } from '@labline/contracts';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { formatDate } from '../../../shared/formatDate';
import { formatPhoneNumber } from '../../../shared/phone';
import { RoleTag, StatusTag } from './RoleTag';

const NOT_PROVIDED = 'Not provided';
const labelStyle = { label: { width: 170 } };

/** First name, last name, e-mail, phone ('Not provided' when empty), spec 3 §2. */
export function PersonalInfoCard({ user }: { user: User }) {
  return (
    <Card title="Personal Information">
      <Descriptions
        column={1}
        colon={false}
        styles={labelStyle}
        items={[
          { key: 'first-name', label: 'First Name', children: user.first_name },
          { key: 'last-name', label: 'Last Name', children: user.last_name },
          { key: 'email', label: 'Email', children: user.email },
          { key: 'phone', label: 'Phone', children: formatPhoneNumber(user.phone) || NOT_PROVIDED },
        ]}
      />
    </Card>
  );
}

/** Role badge, account status, primary institution, clinician institutions and the role description. */
export function RoleAccessCard({ user }: { user: User }) {
  const items = [
    { key: 'role', label: 'Role', children: <RoleTag role={user.role} /> },
    { key: 'status', label: 'Account Status', children: <StatusTag active={user.is_active} /> },
    {
      key: 'institution',
      label: 'Primary Institution',
      children: user.institution_id === null ? 'System Level Access' : (user.institution_name ?? ''),
    },
  ];
  if (user.role === 'clinician') {
    items.push({
      key: 'clinician-institutions',
      label: 'Additional Institution Access',
      children:
        user.clinician_institution_names.length === 0 ? (
          <Typography.Text type="secondary">None</Typography.Text>
        ) : (
          <Flex wrap gap={6}>
            {user.clinician_institution_names.map((name) => (
              <Tag key={name} style={{ marginInlineEnd: 0 }}>
                {name}
              </Tag>
            ))}
          </Flex>
        ),
    });
  }
  items.push({ key: 'description', label: 'Role Description', children: ROLE_DESCRIPTIONS[user.role] });
  return (
    <Card title="Role and Access">
      <Descriptions column={1} colon={false} styles={labelStyle} items={items} />
    </Card>
  );
}

export function AccountHistoryCard({ user }: { user: User }) {
  return (
    <Card title="Account History">
      <Descriptions
        column={1}
        colon={false}
        styles={labelStyle}
        items={[
          { key: 'created', label: 'Created', children: formatDate(user.created_at) },
          { key: 'updated', label: 'Last Updated', children: formatDate(user.updated_at) },
        ]}
      />
    </Card>
  );
}
