import { ExperimentFilled, LockOutlined, MailOutlined } from '@ant-design/icons';
import { ERRORS } from '@labline/contracts';
import { Alert, Button, Flex, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { describeFailure } from '../../shared/apiError';
import { useSession } from '../../app/session/SessionContext';

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
  const { token } = theme.useToken();
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
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`,
      }}
    >
      {/* A panel drawn with the theme's tokens rather than antd's Card, which brings Tabs and Skeleton along */}
      <div
        style={{
          width: '100%',
          maxWidth: 420,
          padding: 40,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 32, textAlign: 'center' }}>
          <Flex
            align="center"
            justify="center"
            style={{ width: 56, height: 56, borderRadius: 16, background: token.colorPrimary, marginBottom: 16 }}
          >
            <ExperimentFilled style={{ fontSize: 28, color: token.colorWhite }} />
          </Flex>
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            Welcome to the product
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>Healthcare Lab Management SaaS Platform</p>
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
      </div>
    </Flex>
  );
}
