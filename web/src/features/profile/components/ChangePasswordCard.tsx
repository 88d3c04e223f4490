import { ERRORS, MESSAGES, type ChangePasswordBody } from '@labline/contracts';
import { Alert, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { FormActions } from '../../../shared/FormActions';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { useSaveAction } from '../../../shared/useSaveAction';

interface ChangePasswordFormValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** Current, new and confirm; new and confirm must match (spec 3 §5), the server checks the rest. */
export function ChangePasswordCard({ onChange }: { onChange(body: ChangePasswordBody): Promise<void> }) {
  const [form] = Form.useForm<ChangePasswordFormValues>();
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToChangePassword, { form });
  const [changed, setChanged] = useState(false);

  const onFinish = async ({ current_password, new_password }: ChangePasswordFormValues) => {
    setChanged(false);
    if (!(await run(() => onChange({ current_password, new_password })))) return;
    form.resetFields();
    setChanged(true);
  };

  return (
    <Card title="Change Password">
      {saveError !== null && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 24 }} />}
      {changed && <Alert type="success" showIcon title={MESSAGES.passwordChanged} style={{ marginBottom: 24 }} />}
      <Form<ChangePasswordFormValues> form={form} layout="vertical" onFinish={onFinish}>
        {/* Password boxes need no more width than this; the buttons stand at the card's right as on every form. */}
        <div style={{ maxWidth: 480 }}>
          <Form.Item label="Current Password" name="current_password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields />
        </div>
        <FormActions submitLabel="Change Password" saving={saving} />
      </Form>
    </Card>
  );
}
