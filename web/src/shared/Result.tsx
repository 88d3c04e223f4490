import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * antd's Result, loaded on first use: its pictures (404, 403, 500) make it 10 kB of gzip'd JavaScript, and pages show
 * it only when something went wrong (not found, failed to load, not yet available). Use this one, not antd's.
 */
const AntdResult = lazy(() => import('antd/es/result'));

/**
 * While its code loads, the place says it is busy (aria-busy), so neither assistive technology nor a test takes the
 * still empty card for the page's answer: React shows a suspended part up to 300 ms late even when its code is
 * already at hand.
 */
const LOADING = <div aria-busy="true" style={{ minHeight: 120 }} />;

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={LOADING}>
      <AntdResult {...props} />
    </Suspense>
  );
}
