import { ERRORS, PASSWORD_MIN_LENGTH } from '@labline/contracts';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

interface NewPasswordFieldsProps {
  size?: 'large';
  /** An icon in both boxes. */
  prefix?: ReactNode;
  /** Focus the new password's box when the form opens. */
  autoFocus?: boolean;
}

/**
 * New password and its confirmation, `new_password` and `confirm_password` of the form: the confirmation must match
 * (spec 3 §5); the server checks the rest. Setting a password from an e-mailed link and changing one's own.
 */
export function NewPasswordFields({ size, prefix, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        label="New Password"
        name="new_password"
        rules={[{ required: true }]}
        extra={`Password must be at least ${PASSWORD_MIN_LENGTH} characters`}
      >
        <Input.Password size={size} prefix={prefix} autoComplete="new-password" autoFocus={autoFocus} />
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
        <Input.Password size={size} prefix={prefix} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
