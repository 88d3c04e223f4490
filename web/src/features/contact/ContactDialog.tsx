import {
  CONTACT_MESSAGE_COUNTER_LIMIT,
  NOTIFICATION_ERRORS,
  NOTIFICATION_FIELD_LIMITS,
  NOTIFICATION_MESSAGES,
} from '@labline/contracts';
import { Alert, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSessionUser } from '../../app/session/SessionContext';
import { describeFailure } from '../../shared/apiError';
import { sendContactMessage } from './api';

/** spec 3 §4, §9: a sent message's dialog closes (and resets) after 3 s; an error hides after 5 s. */
export const CLOSE_AFTER_SUCCESS_MS = 3000;
export const HIDE_ERROR_AFTER_MS = 5000;

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

interface ContactDialogProps {
  open: boolean;
  /** Cancel, or 3 s after the message went. */
  onClose(): void;
}

/**
 * The contact support dialog (spec 3 §2): From Email (the user's own, read-only), Subject *, Message * with its
 * counter; Send Message while both are filled in. The 1000-character counter advises, it does not stop typing.
 */
export function ContactDialog({ open, onClose }: ContactDialogProps) {
  const user = useSessionUser();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = () => {
    clearTimeout(timer.current);
    setSubject('');
    setMessage('');
    setPhase({ kind: 'idle' });
  };
  const close = () => {
    if (phase.kind === 'sent') reset();
    onClose();
  };

  const send = async () => {
    clearTimeout(timer.current);
    setPhase({ kind: 'sending' });
    try {
      await sendContactMessage(user, { subject, message });
      setPhase({ kind: 'sent' });
      timer.current = setTimeout(() => {
        reset();
        onClose();
      }, CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      setPhase({ kind: 'failed', message: describeFailure(error, NOTIFICATION_ERRORS.contactFailed).message });
      timer.current = setTimeout(() => setPhase({ kind: 'idle' }), HIDE_ERROR_AFTER_MS);
    }
  };

  const sending = phase.kind === 'sending';
  const sent = phase.kind === 'sent';
  const blank = subject.trim() === '' || message.trim() === '';
  const overLimit = message.length > CONTACT_MESSAGE_COUNTER_LIMIT;

  return (
    <Modal
      open={open}
      title="Contact Support"
      onCancel={close}
      maskClosable={!sending}
      closable={!sending}
      keyboard={!sending}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close} disabled={sending}>
            Cancel
          </Button>
          <Button type="primary" onClick={() => void send()} disabled={blank || sending || sent}>
            Send Message
          </Button>
        </Flex>
      }
    >
      <Spin spinning={sending} description="Sending message...">
        {sent && (
          <Alert type="success" showIcon title={NOTIFICATION_MESSAGES.contactSent} style={{ marginBottom: 16 }} />
        )}
        {phase.kind === 'failed' && <Alert type="error" showIcon title={phase.message} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" disabled={sending || sent} requiredMark>
          <Form.Item label="From Email" htmlFor="contact-from-email">
            <Input id="contact-from-email" value={user.email} readOnly variant="filled" />
          </Form.Item>
          <Form.Item label="Subject" htmlFor="contact-subject" required>
            <Input
              id="contact-subject"
              value={subject}
              maxLength={NOTIFICATION_FIELD_LIMITS.subject}
              placeholder="What do you need help with?"
              onChange={(event) => setSubject(event.target.value)}
            />
          </Form.Item>
          <Form.Item
            label="Message"
            htmlFor="contact-message"
            required
            style={{ marginBottom: 0 }}
            extra={
              <Typography.Text type={overLimit ? 'warning' : 'secondary'}>
                {`${message.length}/${CONTACT_MESSAGE_COUNTER_LIMIT} characters`}
              </Typography.Text>
            }
          >
            <Input.TextArea
              id="contact-message"
              rows={6}
              value={message}
              maxLength={NOTIFICATION_FIELD_LIMITS.contactMessage}
              placeholder="Describe your question or the problem you ran into"
              onChange={(event) => setMessage(event.target.value)}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
