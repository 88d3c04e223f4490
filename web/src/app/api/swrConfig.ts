import type { SWRConfiguration } from 'swr';
import { ApiError } from '../../shared/apiError';

const MAX_RETRIES = 3;

/** The data cache of the signed-in app (the sign-in page has none: it loads no data). */
export const SWR_CONFIG: SWRConfiguration = {
  // Each session starts with an empty cache, so one user never sees another's data while revalidating.
  provider: () => new Map(),
  // Retry only what may pass on a second try: network failures and server errors, never 4xx answers.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const retriable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
    if (!retriable || retryCount >= MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), 1000 * 2 ** retryCount);
  },
};
