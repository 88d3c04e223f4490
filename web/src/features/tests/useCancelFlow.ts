import { ERRORS, MESSAGES, type TestRequestDetail } from '@labline/contracts';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback/feedback';
import { cancelTestRequest, useTestRequestCache } from './api';

/** The spec gives no text for a cancelled request; worded as its other success messages. */
const CANCELLED_MESSAGE = 'Test request cancelled successfully';

export type NotificationDialog =
  | { open: false }
  | {
      open: true;
      purpose?: string;
      initialMessage?: string;
      /** The cancel step's sending: the cancellation with the message (else Send Notification's own). */
      send?: (message: string) => Promise<string>;
      defaultError?: string;
    };

/**
 * Cancel (spec 1 §4): a confirm dialog, then the mandatory notification step, for every role that may cancel
 * (lab_user too, spec 1 §6). The step's Send is the cancellation itself: one request carries the message, the
 * patient is sent it (instead of the default wording) once the request is cancelled, and a refused cancel sends
 * nothing. So the spec's "the pending cancel runs 1 s after the notification" is now one step, not two.
 */
export function useCancelFlow(request: TestRequestDetail | undefined) {
  const { modal } = useFeedback();
  const requestCache = useTestRequestCache();
  const [dialog, setDialog] = useState<NotificationDialog>({ open: false });
  const [cancelPending, setCancelPending] = useState(false);

  const start = () => {
    if (request === undefined) return;
    const { id } = request;
    const send = async (message: string) => {
      await requestCache.saved(await cancelTestRequest(id, message));
      return `${CANCELLED_MESSAGE}. ${MESSAGES.notificationRequested}`;
    };
    void modal.confirm({
      title: 'Cancel Test Request',
      content: `Are you sure you want to cancel ${request.display_id}? The patient is notified as it is cancelled.`,
      okText: 'Continue',
      okButtonProps: { danger: true },
      cancelText: 'Keep Request',
      onOk: () => {
        setCancelPending(true);
        setDialog({
          open: true,
          purpose: 'Notify the patient: sending this notification cancels the test request.',
          initialMessage: `Your test request ${request.display_id} (${request.test_name}) has been cancelled.`,
          send,
          defaultError: ERRORS.failedToUpdateStatus,
        });
      },
    });
  };

  const closeDialog = () => {
    // Closed without sending, nothing is cancelled; after sending, the request shows Cancelled already.
    setCancelPending(false);
    setDialog({ open: false });
  };

  const openNotification = () => setDialog({ open: true });

  return { dialog, cancelPending, start, closeDialog, openNotification };
}
