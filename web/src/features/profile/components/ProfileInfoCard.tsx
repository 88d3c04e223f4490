import { ERRORS, MESSAGES, type SessionUser } from '@labline/contracts';
import { Alert, Button, Card, Form, Row } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../shared/apiError';
import { PersonFields } from '../../../shared/PersonFields';

interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}

type Outcome = { type: 'success' | 'error'; text: string } | null;

interface ProfileInfoCardProps {
  user: SessionUser;
  onSave(values: { first_name: string; last_name: string; phone: string | null }): Promise<void>;
}

/** First name, last name and phone; the email is shown but cannot be changed (spec 3 §5). */
export function ProfileInfoCard({ user, onSave }: ProfileInfoCardProps) {
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onFinish = async ({ first_name, last_name, phone }: ProfileFormValues) => {
    setSaving(true);
    setOutcome(null);
    try {
      await onSave({
        first_name: first_name.trim(),
        last_name: last_name.trim(),
        phone: phone.trim() === '' ? null : phone.trim(),
      });
      setOutcome({ type: 'success', text: MESSAGES.profileUpdated });
    } catch (error) {
      setOutcome({ type: 'error', text: error instanceof ApiError ? error.message : ERRORS.failedToUpdateProfile });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Profile Information">
      {outcome !== null && <Alert type={outcome.type} showIcon title={outcome.text} style={{ marginBottom: 24 }} />}
      <Form<ProfileFormValues>
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
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save Changes
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
