import { ERRORS, MESSAGES, PASSWORD_MIN_LENGTH, type ChangePasswordBody } from '@labline/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../shared/apiError';

interface ChangePasswordFormValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

type Outcome = { type: 'success' | 'error'; text: string } | null;

/** Current, new and confirm; new and confirm must match (spec 3 §5), the server checks the rest. */
export function ChangePasswordCard({ onChange }: { onChange(body: ChangePasswordBody): Promise<void> }) {
  const [form] = Form.useForm<ChangePasswordFormValues>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onFinish = async ({ current_password, new_password }: ChangePasswordFormValues) => {
    setSaving(true);
    setOutcome(null);
    try {
      await onChange({ current_password, new_password });
      form.resetFields();
      setOutcome({ type: 'success', text: MESSAGES.passwordChanged });
    } catch (error) {
      setOutcome({ type: 'error', text: error instanceof ApiError ? error.message : ERRORS.failedToChangePassword });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Change Password">
      {outcome !== null && <Alert type={outcome.type} showIcon title={outcome.text} style={{ marginBottom: 24 }} />}
      <Form<ChangePasswordFormValues> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }}>
        <Form.Item label="Current Password" name="current_password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="new_password"
          rules={[{ required: true }]}
          extra={`Password must be at least ${PASSWORD_MIN_LENGTH} characters`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm New Password"
          name="confirm_password"
          dependencies={['new_password']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(ERRORS.newPasswordsDoNotMatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            Change Password
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
