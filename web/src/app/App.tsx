import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { RouterProvider } from 'react-router-dom';
import { SignedInFeedback } from './feedback/SignedInFeedback';
import { createAppRouter } from './routing/router';
import { SessionProvider } from './session/SessionProvider';
import { APP_THEME } from './theme';

const router = createAppRouter();

/**
 * The app's root. Messages and confirmations come from a host mounted here, above the router, once someone has
 * signed in (app/feedback): a message shown as a page navigates away is still drawn, and the sign-in page does not
 * load antd's message and modal code. The data cache is set up by the signed-in layout, a chunk of its own, so the
 * sign-in page loads as little as it can.
 */
export function App() {
  return (
    <ConfigProvider theme={APP_THEME} locale={enGB}>
      <SessionProvider>
        <RouterProvider router={router} />
        <SignedInFeedback />
      </SessionProvider>
    </ConfigProvider>
  );
}
