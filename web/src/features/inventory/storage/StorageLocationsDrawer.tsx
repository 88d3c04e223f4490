import { DeferredDrawer } from '../../../shared/DeferredDrawer';
import StorageLocationsTab from './StorageLocationsTab';

/**
 * The Storage Locations list opened from /inventory: client_admin manages storage locations (spec 3 §6) but has no
 * /cms, so the inventory page offers the same list here; super_admin finds it in /cms too.
 */
export default function StorageLocationsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <DeferredDrawer open={open} onClose={onClose} title="Storage Locations" size="large" destroyOnHidden>
      <StorageLocationsTab />
    </DeferredDrawer>
  );
}
