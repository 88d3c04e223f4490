import { ERRORS, TEST_REQUEST_FIELD_LIMITS } from '@labline/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../../shared/apiError';
import { sendNotification, useTestRequestRefresh } from '../api';

/** spec 1 §5, §9: the dialog recommends 160 characters, an SMS's length. */
export const SMS_RECOMMENDED_LENGTH = 160;
/** spec 1 §4, §9: on success the dialog closes after 2 s. */
const CLOSE_AFTER_SUCCESS_MS = 2000;

interface SendNotificationModalProps {
  requestId: number;
  /** Why the dialog is shown: the cancel step says so above the message. */
  purpose?: string | undefined;
  initialMessage?: string | undefined;
  /**
   * What sending does, answering the sentence the dialog then shows (the dialog closes itself 2 s later): Send
   * Notification's request by default; the cancel step's is the cancellation carrying the message.
   */
  send?: ((message: string) => Promise<string>) | undefined;
  /** The text of a failure the server does not word (spec 1 §8). */
  defaultError?: string | undefined;
  onClose(): void;
}

interface NotificationValues {
  custom_message: string;
}

/**
 * spec 1 §2 Send Notification: a required message, sent to the patient (POST …/send-reminder), or with the
 * cancellation it is the step of (spec 1 §4). Rendered while open, so every opening starts afresh.
 */
export function SendNotificationModal({
  requestId,
  purpose,
  initialMessage = '',
  send = (message) => sendNotification(requestId, message),
  defaultError = ERRORS.failedToSendNotification,
  onClose,
}: SendNotificationModalProps) {
  const [form] = Form.useForm<NotificationValues>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const length = (Form.useWatch('custom_message', form) ?? '').length;
  const refreshRequest = useTestRequestRefresh();

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const submit = async ({ custom_message }: NotificationValues) => {
    setSending(true);
    setFailure(null);
    try {
      setSent(await send(custom_message.trim()));
      // The notification history is the detail's: fetched again now, and once more as the dialog closes, since
      // the notifications service logs the delivery a moment after accepting it.
      void refreshRequest(requestId);
      closeTimer.current = setTimeout(() => {
        void refreshRequest(requestId);
        onClose();
      }, CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      const { message, fields } = describeFailure(error, defaultError);
      const onMessage = fields.filter((field) => field.name === 'custom_message');
      form.setFields(onMessage.map(({ errors }) => ({ name: 'custom_message', errors })));
      setFailure(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title="Send Notification"
      open
      onCancel={onClose}
      okText="Send Notification"
      onOk={() => form.submit()}
      okButtonProps={{ loading: sending, disabled: sent !== null }}
    >
      {purpose !== undefined && <Alert type="warning" showIcon title={purpose} style={{ marginBottom: 16 }} />}
      {sent !== null && <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />}
      {failure !== null && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<NotificationValues>
        form={form}
        layout="vertical"
        initialValues={{ custom_message: initialMessage }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="Message"
          name="custom_message"
          rules={[{ required: true, whitespace: true, message: ERRORS.pleaseEnterMessage }]}
          extra={
            length > SMS_RECOMMENDED_LENGTH
              ? `${length} characters: messages over ${SMS_RECOMMENDED_LENGTH} characters are sent as several SMS`
              : `Keep it to ${SMS_RECOMMENDED_LENGTH} characters or fewer for a single SMS`
          }
        >
          <Input.TextArea rows={4} maxLength={TEST_REQUEST_FIELD_LIMITS.message} showCount disabled={sent !== null} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
