import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { RouterProvider } from 'react-router-dom';
import { SignedInFeedback } from './feedback/SignedInFeedback';
import { createAppRouter } from './routing/router';
import { SessionProvider } from './session/SessionProvider';
import { APP_THEME, STILL_THEME } from './theme';
import { useReducedMotion } from './useReducedMotion';

const router = createAppRouter();

/**
 * The app's root. Messages and confirmations come from a host mounted here, above the router, once someone has
 * signed in (app/feedback): a message shown as a page navigates away is still drawn, and the sign-in page does not
 * load antd's message and modal code. The data cache is set up by the signed-in layout, a chunk of its own, so the
 * sign-in page loads as little as it can. Someone whose system asks for reduced motion gets the theme without
 * antd's animations.
 */
export function App() {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider theme={reducedMotion ? STILL_THEME : APP_THEME} locale={enGB}>
      <SessionProvider>
        <RouterProvider router={router} />
        <SignedInFeedback />
      </SessionProvider>
    </ConfigProvider>
  );
}
