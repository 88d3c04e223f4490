/** The contact support dialog's call (spec 3 §7): POST /contact/send-email, answered with success and a message. */
import {
  NOTIFICATION_ERRORS,
  NOTIFICATIONS_ROUTES,
  type NOTIFICATIONS_CONTRACTS,
  type SessionUser,
} from '@labline/contracts';
import { callRoute } from '../../app/api/routes';
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
  const answer = await callRoute<typeof NOTIFICATIONS_CONTRACTS.contact>(
    NOTIFICATIONS_ROUTES.contact,
    {},
    {
      body: {
        from_email: user.email,
        subject: subject.trim(),
        message: message.trim(),
        user_name: `${user.first_name} ${user.last_name}`,
        user_role: user.role,
        institution_id: user.institution_id,
      },
      defaultError: NOTIFICATION_ERRORS.contactFailed,
    },
  );
  if (!answer.success) throw new ApiError(CONTACT_NOT_SENT, 200);
}
