import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './routing/router';
import { SessionProvider } from './session/SessionProvider';
import { APP_THEME } from './theme';

const router = createAppRouter();

/**
 * The app's root. antd's App (messages and confirms) stays here, above the router: a message shown while a
 * navigation suspends the layout must still be drawn. The data cache is set up by the signed-in layout, a chunk of
 * its own, so the sign-in page loads as little as it can.
 */
export function App() {
  return (
    <ConfigProvider theme={APP_THEME} locale={enGB}>
      <AntApp>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}
