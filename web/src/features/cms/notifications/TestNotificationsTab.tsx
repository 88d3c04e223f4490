import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { SMS_RECOMMENDED_LENGTH } from '@labline/contracts';
import { Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, describeFailure } from '../../../shared/apiError';
import { PhoneInput } from '../../../shared/PhoneInput';
import { sendTestNotification, type TestNotificationRequest } from './api';
import { NOTIFICATION_TAB_TEXTS } from './texts';

/** The log and its cards show a test message as soon as it is sent. */
const isLogKey = (key: unknown) =>
  typeof key === 'string' && (key.startsWith('/cms/notification-logs') || key === '/cms/notification-stats');

/** spec 3 §2: the result line is green when it starts with a check mark, otherwise red. */
function ResultLine({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <Typography.Text type={text.startsWith('✓') ? 'success' : 'danger'} role="status" style={{ display: 'block' }}>
      {text}
    </Typography.Text>
  );
}

/**
 * Why a send was refused: the address or number's own problem as the spec words it (spec 3 §5, "Please enter a
 * valid email address"), without the field name the server puts before it; any other failure as described.
 */
function refusalOf(error: unknown): string {
  const fieldProblem = error instanceof ApiError ? /^test_(?:email|phone): (.+)$/.exec(error.serverText) : null;
  return fieldProblem?.[1] ?? describeFailure(error, NOTIFICATION_TAB_TEXTS.testSendError).message;
}

/** A send and its result line; an error without its own ✗ gets one, as the server's result lines have it. */
function useTestSend() {
  const { mutate } = useSWRConfig();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const send = async (body: TestNotificationRequest) => {
    setSending(true);
    setResult(null);
    try {
      setResult(await sendTestNotification(body));
      void mutate(isLogKey);
    } catch (error) {
      setResult(`✗ ${refusalOf(error)}`);
    } finally {
      setSending(false);
    }
  };
  return { sending, result, send };
}

interface TestCardProps {
  title: string;
  icon: ReactNode;
  label: string;
  /** The id of the field, which the label names. */
  fieldId: string;
  field: ReactNode;
  hint?: string;
  button: string;
  empty: boolean;
  sending: boolean;
  result: string | null;
  onSend(): void;
}

function TestCard({ title, icon, label, fieldId, field, hint, button, empty, sending, result, onSend }: TestCardProps) {
  return (
    <Card
      title={
        <Flex gap={8}>
          {icon}
          {title}
        </Flex>
      }
      style={{ height: '100%' }}
    >
      <Form layout="vertical" onFinish={onSend}>
        <Form.Item label={label} htmlFor={fieldId} extra={hint} style={{ marginBottom: 16 }}>
          {field}
        </Form.Item>
        <Flex vertical gap={12} align="flex-start">
          <Button type="primary" htmlType="submit" loading={sending} disabled={sending || empty}>
            {button}
          </Button>
          <ResultLine text={result} />
        </Flex>
      </Form>
    </Card>
  );
}

/** The Test Notifications tab (spec 3 §2): one test e-mail or SMS, with the provider's answer as a result line. */
export default function TestNotificationsTab() {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const emailSend = useTestSend();
  const smsSend = useTestSend();

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <TestCard
          title="Test Email"
          icon={<MailOutlined aria-hidden />}
          label="Email Address"
          fieldId="test-email"
          field={
            <Input
              id="test-email"
              type="email"
              value={email}
              placeholder="name@example.com"
              onChange={(event) => setEmail(event.target.value)}
            />
          }
          hint="A short test message is sent to this address, to check the email configuration."
          button="Send Test Email"
          empty={email.trim() === ''}
          sending={emailSend.sending}
          result={emailSend.result}
          onSend={() => void emailSend.send({ notification_type: 'email', test_email: email.trim() })}
        />
      </Col>
      <Col xs={24} lg={12}>
        <TestCard
          title="Test SMS"
          icon={<MessageOutlined aria-hidden />}
          label="Phone Number"
          fieldId="test-phone"
          field={<PhoneInput id="test-phone" value={phone} onChange={setPhone} />}
          hint={`Include the country code. Keep SMS messages under ${SMS_RECOMMENDED_LENGTH} characters.`}
          button="Send Test SMS"
          empty={phone === ''}
          sending={smsSend.sending}
          result={smsSend.result}
          onSend={() => void smsSend.send({ notification_type: 'sms', test_phone: phone })}
        />
      </Col>
    </Row>
  );
}
