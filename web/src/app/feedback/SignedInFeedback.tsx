import { lazy, Suspense } from 'react';
import { useFeedbackWanted } from './feedback';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/**
 * Mounts the message and dialog host above the router the first time a page asks for a message or a dialog (no
 * page load pays for antd's message and modal code before then), and keeps it for the rest of the visit.
 */
export function SignedInFeedback() {
  return useFeedbackWanted() ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}
