import type { DrawerProps } from 'antd';
import { lazy, Suspense, useState } from 'react';

const AntdDrawer = lazy(() => import('antd/es/drawer'));

/**
 * antd's Drawer, loaded when it is first opened (5 kB of gzip'd JavaScript a page need not load until then) and
 * kept mounted afterwards, so it closes with its animation and opens again at once.
 */
export function DeferredDrawer(props: DrawerProps) {
  const [opened, setOpened] = useState(props.open === true);
  if (props.open === true && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AntdDrawer {...props} />
    </Suspense>
  );
}
