import { ERRORS, canNotifyAboutTestRequest, type Caller, type TestRequestDetail } from '@labline/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../app/feedback/feedback';
import { describeFailure } from '../../shared/apiError';
import { cancelTestRequest, useTestRequestCache } from './api';
import { accessFactsOf } from './access';

/** spec 1 §4, §9: the pending cancel runs 1 s after the notification was sent. */
const CANCEL_AFTER_NOTIFICATION_MS = 1000;
/** The spec gives no text for a cancelled request; worded as its other success messages. */
const CANCELLED_MESSAGE = 'Test request cancelled successfully';

export type NotificationDialog = { open: false } | { open: true; purpose?: string; initialMessage?: string };

/**
 * Cancel (spec 1 §4): a confirm dialog, then the mandatory notification to the patient; the status changes to
 * cancelled 1 s after the notification was sent. A caller who may cancel but not notify (lab_user, spec 1 §6)
 * cancels after the confirm dialog: the service tells the patient of every cancellation itself.
 */
export function useCancelFlow(caller: Caller, request: TestRequestDetail | undefined) {
  const { modal, message } = useFeedback();
  const requestCache = useTestRequestCache();
  const [dialog, setDialog] = useState<NotificationDialog>({ open: false });
  const [cancelPending, setCancelPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancelNow = useCallback(
    async (id: number) => {
      try {
        await requestCache.saved(await cancelTestRequest(id));
        void message.success(CANCELLED_MESSAGE);
      } catch (failure) {
        void message.error(describeFailure(failure, ERRORS.failedToUpdateStatus).message);
      } finally {
        timer.current = undefined;
        setCancelPending(false);
      }
    },
    [message, requestCache],
  );

  const start = () => {
    if (request === undefined) return;
    const notifies = canNotifyAboutTestRequest(caller, accessFactsOf(request));
    void modal.confirm({
      title: 'Cancel Test Request',
      content: notifies
        ? `Are you sure you want to cancel ${request.display_id}? The patient is notified before it is cancelled.`
        : `Are you sure you want to cancel ${request.display_id}?`,
      okText: 'Continue',
      okButtonProps: { danger: true },
      cancelText: 'Keep Request',
      onOk: async () => {
        if (!notifies) {
          setCancelPending(true);
          await cancelNow(request.id);
          return;
        }
        setCancelPending(true);
        setDialog({
          open: true,
          purpose: 'Notify the patient: the test request is cancelled once the notification has been sent.',
          initialMessage: `Your test request ${request.display_id} (${request.test_name}) has been cancelled.`,
        });
      },
    });
  };

  const onSent = () => {
    if (!cancelPending || request === undefined) return;
    const id = request.id;
    timer.current = setTimeout(() => void cancelNow(id), CANCEL_AFTER_NOTIFICATION_MS);
  };

  const closeDialog = () => {
    // Closed without sending: nothing is cancelled.
    if (timer.current === undefined) setCancelPending(false);
    setDialog({ open: false });
  };

  const openNotification = () => setDialog({ open: true });

  return { dialog, cancelPending, start, onSent, closeDialog, openNotification };
}
