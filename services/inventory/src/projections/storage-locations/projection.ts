import { INVENTORY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The index behind "a name names one storage location" (409 with INVENTORY_ERRORS.storageLocationNameTaken). */
export const STORAGE_LOCATION_NAME_INDEX = 'storage_locations_name_key';

async function applyStorageLocationEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'StorageLocationCreated':
    case 'StorageLocationUpdated': {
      const l = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO storage_locations (id, name, description, active, sort_order, version, created_at)
        VALUES (${l.storageLocationId}, ${l.name}, ${l.description}, ${l.active}, ${l.sort_order}, ${event.version},
                ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
          active = excluded.active, sort_order = excluded.sort_order, version = excluded.version
        WHERE storage_locations.version < excluded.version`);
      return;
    }
    case 'StorageLocationDeleted': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`DELETE FROM storage_locations WHERE id = ${data.storageLocationId}`);
      return;
    }
  }
}

export const storageLocationsProjection: Projection = {
  name: 'storage-locations',
  version: 1,
  handles: ['StorageLocationCreated', 'StorageLocationUpdated', 'StorageLocationDeleted'],
  tables: ['storage_locations'],
  init: `
    CREATE TABLE IF NOT EXISTS storage_locations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      description text,
      active boolean NOT NULL,
      sort_order integer NOT NULL,
      version integer NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS ${STORAGE_LOCATION_NAME_INDEX} ON storage_locations (lower(name));`,
  apply: applyStorageLocationEvent,
};
