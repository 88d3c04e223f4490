import type { ModalProps } from 'antd';
import { lazy, Suspense, useState } from 'react';

const AntdModal = lazy(() => import('antd/es/modal'));

/**
 * antd's Modal, loaded when it is first opened (8.6 kB of gzip'd JavaScript a page need not load until then) and
 * kept mounted afterwards, so it closes with its animation and opens again at once.
 */
export function DeferredModal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open === true);
  if (props.open === true && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AntdModal {...props} />
    </Suspense>
  );
}
