import type { ChangePasswordBody } from '@labline/contracts';
import { Alert, Card, Col, Flex, Row, Skeleton } from 'antd';
import { useSession } from '../../app/session/SessionContext';
import { PageHeader } from '../../shared/PageHeader';
import { changePassword, updateProfile, useProfile } from './api';
import { AccountInfoCard } from './components/AccountInfoCard';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { ProfileInfoCard } from './components/ProfileInfoCard';

/** /profile (spec 3 §2, Profile settings). */
export default function ProfilePage() {
  const { updateUser } = useSession();
  const { data: user, error, mutate } = useProfile();

  const saveProfile = async (values: { first_name: string; last_name: string; phone: string | null }) => {
    const updated = await updateProfile(values);
    updateUser(updated);
    await mutate(updated, { revalidate: false });
  };

  const onChangePassword = (body: ChangePasswordBody) => changePassword(body);

  return (
    <>
      <PageHeader title="Profile Settings" />
      {error instanceof Error && user === undefined ? (
        <Alert type="error" showIcon title={error.message} />
      ) : user === undefined ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={24}>
              <ProfileInfoCard user={user} onSave={saveProfile} />
              <ChangePasswordCard onChange={onChangePassword} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <AccountInfoCard user={user} />
          </Col>
        </Row>
      )}
    </>
  );
}
