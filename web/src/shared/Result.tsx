import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * antd's Result, loaded on first use: its pictures (404, 403, 500) make it 10 kB of gzip'd JavaScript, and pages show
 * it only when something went wrong (not found, failed to load, not yet available). Use this one, not antd's.
 */
const AntdResult = lazy(() => import('antd/es/result'));

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntdResult {...props} />
    </Suspense>
  );
}
