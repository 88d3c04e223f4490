import { Skeleton } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { DeferredDrawer } from './DeferredDrawer';
import { EllipsisText } from './EllipsisText';
import { useOverlayTarget } from './useOverlayTarget';

/** The timeline loads when a history is first opened, not with the page. */
const HistoryTimeline = lazy(() => import('./HistoryTimeline').then((module) => ({ default: module.HistoryTimeline })));

interface HistoryTarget {
  /** The record's history address, e.g. '/cms/markers/4/history'. */
  path: string;
  /** What the history is of: the record's name. */
  name: string;
}

/**
 * A record's history (who changed what, and when, newest first) in a drawer, for any area whose service answers
 * `GET …/{id}/history` (spec 3's catalogue items and lab assignments, test requests; patients and users as
 * their screens add it). `show` opens it for a record; render `drawer` once on the screen.
 */
export function useHistoryDrawer(): { show(target: HistoryTarget): void; drawer: ReactNode } {
  const history = useOverlayTarget<HistoryTarget | null>(null);
  const { target } = history;
  const drawer = (
    <DeferredDrawer
      title={target === null ? 'History' : <EllipsisText>{`History: ${target.name}`}</EllipsisText>}
      open={history.open}
      onClose={history.close}
      size={480}
      destroyOnHidden
    >
      {target !== null && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <HistoryTimeline path={target.path} />
        </Suspense>
      )}
    </DeferredDrawer>
  );
  return { show: history.show, drawer };
}
