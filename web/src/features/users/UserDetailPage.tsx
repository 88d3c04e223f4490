import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { ERRORS, canChangeUserStatus, canEmailUser, canManageUser, type User } from '@labline/contracts';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { useUser, useUserCache } from './api';
import { RoleTag } from './components/RoleTag';
import { EmailCommunicationCard } from './components/EmailCommunicationCard';
import { AccountHistoryCard, PersonalInfoCard, RoleAccessCard } from './components/UserDetailCards';
import { UserStatusButton } from './components/UserStatusButton';

const INACTIVE_BANNER = 'This user account has been deactivated and cannot log in to the system.';

/**
 * /users/{id} (spec 3 §2): personal information, role and access, the Email communication card (for those who may
 * e-mail this user: contracts' canEmailUser), account history.
 */
export default function UserDetailPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const id = useRouteId();
  const { data: user, error } = useUser(id);
  const userCache = useUserCache();

  if (id === null || isNotFound(error)) {
    return <NotFoundCard title={ERRORS.userNotFound} backLabel="Back to Users" backPath="/users" />;
  }
  if (error instanceof Error && user === undefined) {
    return <Alert type="error" showIcon title={error.message} />;
  }
  if (user === undefined) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const onStatusChanged = (saved: User) => userCache.saved(saved);

  return (
    <>
      <PageHeader
        title={`${user.first_name} ${user.last_name}`}
        subtitle={
          <Space size={8}>
            <span>User ID: {user.id}</span>
            <RoleTag role={user.role} />
          </Space>
        }
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/users')}>
              Back to Users
            </Button>
            {canChangeUserStatus(caller, user) && <UserStatusButton user={user} onChanged={onStatusChanged} />}
            {canManageUser(caller, user) && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/users/${user.id}/edit`)}>
                Edit User
              </Button>
            )}
          </Space>
        }
      />
      <Flex vertical gap={24}>
        {!user.is_active && (
          <Alert
            type="error"
            showIcon
            title={
              <span>
                <strong>Inactive User:</strong> {INACTIVE_BANNER}
              </span>
            }
          />
        )}
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={12}>
            <Flex vertical gap={24}>
              <PersonalInfoCard user={user} />
              <AccountHistoryCard user={user} />
            </Flex>
          </Col>
          <Col xs={24} xl={12}>
            <Flex vertical gap={24}>
              <RoleAccessCard user={user} />
              {canEmailUser(caller, user) && <EmailCommunicationCard user={user} />}
            </Flex>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
