import { ERRORS, MESSAGES, type SessionUser } from '@labline/contracts';
import { Alert, Card, Form, Row } from 'antd';
import { useState } from 'react';
import { FormActions } from '../../../shared/FormActions';
import { PersonFields } from '../../../shared/PersonFields';
import { useSaveAction } from '../../../shared/useSaveAction';

interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}

interface ProfileInfoCardProps {
  user: SessionUser;
  onSave(values: { first_name: string; last_name: string; phone: string | null }): Promise<void>;
}

/** First name, last name and phone; the email is shown but cannot be changed (spec 3 §5). */
export function ProfileInfoCard({ user, onSave }: ProfileInfoCardProps) {
  const [form] = Form.useForm<ProfileFormValues>();
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToUpdateProfile, { form });
  const [saved, setSaved] = useState(false);

  const onFinish = async ({ first_name, last_name, phone }: ProfileFormValues) => {
    setSaved(false);
    const body = { first_name: first_name.trim(), last_name: last_name.trim(), phone: phone.trim() || null };
    setSaved(await run(() => onSave(body)));
  };

  return (
    <Card title="Profile Information">
      {saveError !== null && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 24 }} />}
      {saved && <Alert type="success" showIcon title={MESSAGES.profileUpdated} style={{ marginBottom: 24 }} />}
      <Form<ProfileFormValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{
          first_name: user.first_name,
          last_name: user.last_name,
          phone: user.phone ?? '',
          email: user.email,
        }}
      >
        <Row gutter={16}>
          <PersonFields own emailLockedNote={ERRORS.emailCannotChange} />
        </Row>
        <FormActions submitLabel="Save Changes" saving={saving} />
      </Form>
    </Card>
  );
}
