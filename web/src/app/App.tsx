import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../shared/apiError';
import { createAppRouter } from './routing/router';
import { useSession } from './session/SessionContext';
import { SessionProvider } from './session/SessionProvider';
import { APP_THEME } from './theme';

const router = createAppRouter();

const MAX_RETRIES = 3;

const swrConfig: SWRConfiguration = {
  // Each session starts with an empty cache, so one user never sees another's data while revalidating.
  provider: () => new Map(),
  // Retry only what may pass on a second try: network failures and server errors, never 4xx answers.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const retriable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
    if (!retriable || retryCount >= MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), 1000 * 2 ** retryCount);
  },
};

function SessionScopedCache({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return (
    <SWRConfig key={user?.id ?? 'signed-out'} value={swrConfig}>
      {children}
    </SWRConfig>
  );
}

export function App() {
  return (
    <ConfigProvider theme={APP_THEME} locale={enGB}>
      <AntApp>
        <SessionProvider>
          <SessionScopedCache>
            <RouterProvider router={router} />
          </SessionScopedCache>
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}
