import { ROLE_DESCRIPTIONS, type User, formatDate } from '@labline/contracts';
import { Card, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FlagText } from '../../../shared/Flag';
import { formatPhoneNumber } from '../../../shared/phone';
import { useDescriptionsLayout } from '../../../shared/useDescriptionsLayout';
import { RoleTag, StatusTag } from './RoleTag';

const NOT_PROVIDED = 'Not provided';
const labelStyle = { label: { width: 170 } };

/** First name, last name, e-mail, phone ('Not provided' when empty), spec 3 §2. */
export function PersonalInfoCard({ user }: { user: User }) {
  const layout = useDescriptionsLayout();
  return (
    <Card title="Personal Information">
      <Descriptions
        layout={layout}
        column={1}
        colon={false}
        styles={labelStyle}
        items={[
          { key: 'first-name', label: 'First Name', children: <EllipsisText>{user.first_name}</EllipsisText> },
          { key: 'last-name', label: 'Last Name', children: <EllipsisText>{user.last_name}</EllipsisText> },
          { key: 'email', label: 'Email', children: <EllipsisText>{user.email}</EllipsisText> },
          {
            key: 'phone',
            label: 'Phone',
            children: <FlagText>{formatPhoneNumber(user.phone) || NOT_PROVIDED}</FlagText>,
          },
        ]}
      />
    </Card>
  );
}

/** Role badge, account status, primary institution, clinician institutions and the role description. */
export function RoleAccessCard({ user }: { user: User }) {
  const layout = useDescriptionsLayout();
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'role', label: 'Role', children: <RoleTag role={user.role} /> },
    { key: 'status', label: 'Account Status', children: <StatusTag active={user.is_active} /> },
    {
      key: 'institution',
      label: 'Primary Institution',
      children: (
        <EllipsisText>
          {user.institution_id === null ? 'System Level Access' : (user.institution_name ?? '')}
        </EllipsisText>
      ),
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
              <Tag key={name} style={{ marginInlineEnd: 0, maxWidth: '100%' }}>
                <EllipsisText style={{ color: 'inherit', fontSize: 'inherit' }}>{name}</EllipsisText>
              </Tag>
            ))}
          </Flex>
        ),
    });
  }
  items.push({ key: 'description', label: 'Role Description', children: ROLE_DESCRIPTIONS[user.role] });
  return (
    <Card title="Role and Access">
      <Descriptions layout={layout} column={1} colon={false} styles={labelStyle} items={items} />
    </Card>
  );
}

export function AccountHistoryCard({ user }: { user: User }) {
  const layout = useDescriptionsLayout();
  return (
    <Card title="Account History">
      <Descriptions
        layout={layout}
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
