import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { ERRORS } from '@labline/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { describeFailure } from '../../shared/apiError';
import { useSession } from '../../app/session/SessionContext';
import { AuthPanel } from './AuthPanel';

interface LoginFormValues {
  email: string;
  password: string;
}

/**
 * /login (spec 1 §2). On success the session guard sends the user on: to the page they had opened (`?next=`,
 * app/session/nextPath.ts), else /dashboard.
 */
export function LoginPage() {
  const { login } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ email, password }: LoginFormValues) => {
    setPending(true);
    setError(null);
    try {
      await login(email, password);
    } catch (failure) {
      setError(describeFailure(failure, ERRORS.loginFailed).message);
      setPending(false);
    }
  };

  return (
    <AuthPanel title="Welcome to the product" subtitle="Healthcare Lab Management SaaS Platform">
      {error !== null && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} />}

      <Form<LoginFormValues> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={pending} noValidate>
        <Form.Item label="Email Address" name="email" rules={[{ required: true }, { type: 'email' }]}>
          <Input type="email" size="large" prefix={<MailOutlined />} autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0, marginTop: 8 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            {pending ? 'Signing in...' : 'Sign In'}
          </Button>
        </Form.Item>
      </Form>
    </AuthPanel>
  );
}
