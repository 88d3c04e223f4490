/** The contact support dialog's call (spec 3 §7): POST /contact/send-email, answered with success and a message. */
import { NOTIFICATION_ERRORS, type ResponseOf, type SessionUser, type contactResponseSchema } from '@labline/contracts';
import { apiRequest } from '../../app/api/client';
import { ApiError } from '../../shared/apiError';

/** spec 3 §8: when the server answers success false without an error text. */
export const CONTACT_NOT_SENT = 'Failed to send message';

export interface ContactMessage {
  subject: string;
  message: string;
}

/**
 * Sends the message from the signed-in user (spec 3 §3 Contact message: their own e-mail, name, role and
 * institution); throws with the server's error or the spec's default when it was not sent.
 */
export async function sendContactMessage(user: SessionUser, { subject, message }: ContactMessage): Promise<void> {
  const answer = await apiRequest<ResponseOf<typeof contactResponseSchema>>('/contact/send-email', {
    method: 'POST',
    body: {
      from_email: user.email,
      subject: subject.trim(),
      message: message.trim(),
      user_name: `${user.first_name} ${user.last_name}`,
      user_role: user.role,
      institution_id: user.institution_id,
    },
    defaultError: NOTIFICATION_ERRORS.contactFailed,
  });
  if (!answer.success) throw new ApiError(CONTACT_NOT_SENT, 200);
}
