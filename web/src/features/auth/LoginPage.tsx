import { ExperimentFilled, LockOutlined, MailOutlined } from '@ant-design/icons';
import { ERRORS } from '@labline/contracts';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/apiError';
import { useSession } from '../../app/session/SessionContext';

interface LoginFormValues {
  email: string;
  password: string;
}

/** /login (spec 1 §2). On success the session guard sends the user to /dashboard. */
export function LoginPage() {
  const { login } = useSession();
  const { token } = theme.useToken();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ email, password }: LoginFormValues) => {
    setPending(true);
    setError(null);
    try {
      await login(email, password);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : ERRORS.loginFailed);
      setPending(false);
    }
  };

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`,
      }}
    >
      <Card
        style={{ width: '100%', maxWidth: 420, boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: 40 } }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 32, textAlign: 'center' }}>
          <Flex
            align="center"
            justify="center"
            style={{ width: 56, height: 56, borderRadius: 16, background: token.colorPrimary, marginBottom: 16 }}
          >
            <ExperimentFilled style={{ fontSize: 28, color: token.colorWhite }} />
          </Flex>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Welcome to the product
          </Typography.Title>
          <Typography.Text type="secondary">Healthcare Lab Management SaaS Platform</Typography.Text>
        </Flex>

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
      </Card>
    </Flex>
  );
}
