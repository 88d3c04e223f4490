import { KeyOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  ACCOUNT_EMAIL_FIELD_LIMITS,
  ACCOUNT_EMAIL_SUCCESS_CLEAR_MS,
  ACCOUNT_EMAIL_TEXTS,
  accountEmailResult,
  type AccountEmailBody,
  type AccountEmailType,
  type User,
} from '@labline/contracts';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/apiError';
import { sendAccountEmail } from '../api';

interface ComposerValues {
  subject: string;
  message: string;
  include_login_info: boolean;
}

const EMPTY_COMPOSER: ComposerValues = { subject: '', message: '', include_login_info: false };

type Result = { ok: boolean; text: string };

/**
 * The Email communication card of the user detail (spec 3 §2, §4, §5, §9): a password reset, an account setup or a
 * custom e-mail to the user. The result shows as a check mark with the success text, which clears after 5 s, or a
 * cross with "Failed: {message}"; a custom e-mail sent resets the composer. The page shows the card only to those
 * who may use it (contracts' canEmailUser), and the service checks the same rule.
 */
export function EmailCommunicationCard({ user }: { user: Pick<User, 'id' | 'email'> }) {
  const [form] = Form.useForm<ComposerValues>();
  const [composerOpen, setComposerOpen] = useState(false);
  const [sending, setSending] = useState<AccountEmailType | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [incomplete, setIncomplete] = useState(false);

  useEffect(() => {
    if (!result?.ok) return undefined;
    const timer = window.setTimeout(() => setResult(null), ACCOUNT_EMAIL_SUCCESS_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const send = async (body: AccountEmailBody): Promise<boolean> => {
    setSending(body.type);
    setResult(null);
    try {
      setResult({ ok: true, text: accountEmailResult.succeeded(await sendAccountEmail(user.id, body)) });
      return true;
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : ACCOUNT_EMAIL_TEXTS.failedToSend;
      setResult({ ok: false, text: accountEmailResult.failed(reason) });
      return false;
    } finally {
      setSending(null);
    }
  };

  const sendCustom = async ({ subject, message, include_login_info }: ComposerValues) => {
    if (subject.trim() === '' || message.trim() === '') {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    if (await send({ type: 'custom', subject, message, include_login_info })) form.resetFields();
  };

  const busy = sending !== null;
  return (
    <Card title="Email Communication">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Send emails to <Typography.Text strong>{user.email}</Typography.Text>
        </Typography.Text>
        <Space wrap>
          <Button
            icon={<KeyOutlined />}
            loading={sending === 'password_reset'}
            disabled={busy}
            onClick={() => void send({ type: 'password_reset' })}
          >
            Send Password Reset
          </Button>
          <Button
            icon={<UserAddOutlined />}
            loading={sending === 'account_setup'}
            disabled={busy}
            onClick={() => void send({ type: 'account_setup' })}
          >
            Send Account Setup
          </Button>
          <Button
            icon={<MailOutlined />}
            aria-expanded={composerOpen}
            aria-controls="custom-email-composer"
            onClick={() => {
              setIncomplete(false);
              setComposerOpen((open) => !open);
            }}
          >
            {composerOpen ? 'Close Composer' : 'Compose Custom Email'}
          </Button>
        </Space>

        {composerOpen && (
          <Form<ComposerValues>
            id="custom-email-composer"
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={EMPTY_COMPOSER}
            onFinish={sendCustom}
            disabled={busy}
          >
            {incomplete && (
              <Alert
                type="warning"
                showIcon
                title={ACCOUNT_EMAIL_TEXTS.fillSubjectAndMessage}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.Item label="Subject" name="subject">
              <Input maxLength={ACCOUNT_EMAIL_FIELD_LIMITS.subject} />
            </Form.Item>
            <Form.Item label="Message" name="message">
              <Input.TextArea rows={5} maxLength={ACCOUNT_EMAIL_FIELD_LIMITS.message} />
            </Form.Item>
            <Form.Item name="include_login_info" valuePropName="checked">
              <Checkbox>Include login information (email address and sign-in page, never a password)</Checkbox>
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={sending === 'custom'}>
                Send Email
              </Button>
              <Button
                onClick={() => {
                  setIncomplete(false);
                  setComposerOpen(false);
                }}
              >
                Cancel
              </Button>
            </Space>
          </Form>
        )}

        <div aria-live="polite">
          {result !== null && (
            <Typography.Text type={result.ok ? 'success' : 'danger'} data-testid="email-result">
              {result.text}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </Card>
  );
}
