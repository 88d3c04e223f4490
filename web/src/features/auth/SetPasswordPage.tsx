import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_EMAIL_TEXTS } from '@labline/contracts';
import { Alert, Button, Flex, Form, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { describeFailure } from '../../shared/apiError';
import { NewPasswordFields } from '../../shared/NewPasswordFields';
import { useSaveAction } from '../../shared/useSaveAction';
import { checkPasswordLink, setPasswordWithLink, type PasswordLink } from './api';
import { AuthPanel } from './AuthPanel';

interface SetPasswordFormValues {
  new_password: string;
  confirm_password: string;
}

type LinkState =
  | { kind: 'checking' }
  | { kind: 'valid'; link: PasswordLink }
  | { kind: 'invalid'; reason: string }
  | { kind: 'done'; message: string };

const TITLES: Readonly<Record<PasswordLink['purpose'], string>> = {
  password_reset: 'Reset Your Password',
  account_setup: 'Set Up Your Account',
};

const signInLink = (
  <Link to="/login" replace>
    Go to Sign In
  </Link>
);

/**
 * /set-password?token=… (public): the page of a password-reset or account-setup e-mail's link. The link is checked
 * first; while it works, the user chooses a password (at least 8 characters, typed twice), which the link then sets
 * once. A link that no longer works says why, with the way to the sign-in page.
 */
export default function SetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<LinkState>(
    token === '' ? { kind: 'invalid', reason: ACCOUNT_EMAIL_TEXTS.invalidLink } : { kind: 'checking' },
  );
  const [form] = Form.useForm<SetPasswordFormValues>();
  const { saving, saveError, run } = useSaveAction(ACCOUNT_EMAIL_TEXTS.failedToSetPassword, { form });

  useEffect(() => {
    if (token === '') return undefined;
    const controller = new AbortController();
    checkPasswordLink(token, controller.signal).then(
      (link) => setState({ kind: 'valid', link }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'invalid', reason: describeFailure(error, ACCOUNT_EMAIL_TEXTS.failedToCheckLink).message });
      },
    );
    return () => controller.abort();
  }, [token]);

  const onFinish = async ({ new_password, confirm_password }: SetPasswordFormValues) => {
    let message = '';
    const saved = await run(async () => {
      message = await setPasswordWithLink({ token, new_password, confirm_password });
    });
    if (saved) setState({ kind: 'done', message });
  };

  const title = state.kind === 'valid' ? TITLES[state.link.purpose] : 'Set Your Password';
  const subtitle =
    state.kind === 'valid' ? (
      <>
        for <Typography.Text strong>{state.link.email}</Typography.Text>
      </>
    ) : (
      'Healthcare Lab Management SaaS Platform'
    );

  return (
    <AuthPanel title={title} subtitle={subtitle}>
      {state.kind === 'checking' && (
        <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
          <Spin />
          <Typography.Text type="secondary">Checking the link...</Typography.Text>
        </Flex>
      )}
      {state.kind === 'invalid' && (
        <Flex vertical gap={16} align="center">
          <Alert type="error" showIcon title={state.reason} style={{ width: '100%' }} />
          {signInLink}
        </Flex>
      )}
      {state.kind === 'done' && (
        <Flex vertical gap={16} align="center">
          <Alert type="success" showIcon title={state.message} style={{ width: '100%' }} />
          {signInLink}
        </Flex>
      )}
      {state.kind === 'valid' && (
        <>
          {saveError !== null && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 24 }} />}
          <Form<SetPasswordFormValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
            <NewPasswordFields size="large" prefix={<LockOutlined />} autoFocus />
            <Form.Item style={{ marginBottom: 0, marginTop: 8 }}>
              <Button type="primary" htmlType="submit" size="large" block loading={saving}>
                Set Password
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
    </AuthPanel>
  );
}
