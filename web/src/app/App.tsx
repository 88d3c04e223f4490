import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './routing/router';
import { SessionProvider } from './session/SessionProvider';
import { APP_THEME } from './theme';

const router = createAppRouter();

/**
 * The app's root. What only signed-in pages need (antd's App for messages and confirms, the data cache) is set up
 * by the signed-in layout, a chunk of its own, so the sign-in page loads as little as it can.
 */
export function App() {
  return (
    <ConfigProvider theme={APP_THEME} locale={enGB}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ConfigProvider>
  );
}
