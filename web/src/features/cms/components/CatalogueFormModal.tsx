import type { CatalogueItem, CatalogueKind } from '@labline/contracts';
import { Skeleton } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { DeferredModal } from '../../../shared/DeferredModal';
import { useOverlayTarget } from '../../../shared/useOverlayTarget';
import { catalogueTexts } from '../texts';

/** The form (its fields, pickers and phone input) loads when it is first opened, not with the tables. */
const CatalogueForm = lazy(() => import('./CatalogueForm').then((module) => ({ default: module.CatalogueForm })));

/**
 * The Add/Edit modal of a kind, titled "Add {item}" / "Edit {item}". `open(null)` adds, `open(item)` edits;
 * render `modal` once on the screen. A save reports its success and refreshes the catalogue's lists.
 */
export function useCatalogueFormModal(kind: CatalogueKind): {
  open(item: CatalogueItem | null): void;
  modal: ReactNode;
} {
  const editing = useOverlayTarget<CatalogueItem | null>(null);
  const { singular } = catalogueTexts(kind);
  const modal = (
    <DeferredModal
      open={editing.open}
      title={`${editing.target === null ? 'Add' : 'Edit'} ${singular}`}
      onCancel={editing.close}
      footer={null}
      width={kind === 'markers' ? 720 : 560}
      destroyOnHidden
    >
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <CatalogueForm kind={kind} item={editing.target} onDone={editing.close} />
      </Suspense>
    </DeferredModal>
  );
  return { open: editing.show, modal };
}
