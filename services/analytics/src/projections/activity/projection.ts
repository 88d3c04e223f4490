/**
 * What happened to clinical's records, as analytics counts it: each test request and patient (whose, which
 * institutions, when created or registered, archived or deleted), inventory's items (their stock, for the Low
 * Stock Alert), fulfillment's requests (their status, for Pending Fulfillment), results (Results Completed) and one activity row per event a dashboard lists (spec 1 §2 Recent Activity). Kept by the durable consumer `analytics-clinical-activity` from the start
 * of the stream, so a new database (or a rebuild) gets every record ever published.
 */
import {
  INVENTORY_ITEM_SUBJECTS,
  ACTIVITY_DESCRIPTIONS,
  CLINICAL_EVENT_SCHEMAS,
  formatFulfillmentId,
  formatResultId,
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  INVENTORY_EVENT_SCHEMAS,
  parseEventData,
  RESULT_SUBJECTS,
  RESULTS_EVENT_SCHEMAS,
  TEST_REQUEST_SUBJECTS,
  TEST_REQUEST_SUMMARY_EVENT_TYPES,
  testRequestStatusAfter,
  type ActivityType,
  type EventEnvelope,
  type ResultsEventType,
} from '@labline/contracts';
import {
  applyTestRequestSummaryEvent,
  TEST_REQUEST_SUMMARY_TABLE,
  TEST_REQUEST_SUMMARY_TABLE_DDL,
  type CrossServiceProjection,
} from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/**
 * Without foreign keys, so that they can be emptied and rebuilt from the events. `version` is a stream's last
 * projected event (the guard of the records); an activity is its event's id (a redelivery adds nothing).
 */
const ACTIVITY_TABLES = `
  CREATE TABLE IF NOT EXISTS patients (
    id integer PRIMARY KEY,
    institution_ids integer[] NOT NULL,
    clinician_id integer,
    deleted boolean NOT NULL DEFAULT false,
    -- PatientRegistered's time: when the patient counts
    registered_at timestamptz NOT NULL,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS patients_registered_at_idx ON patients (registered_at) WHERE NOT deleted;

  CREATE TABLE IF NOT EXISTS activities (
    event_id uuid PRIMARY KEY,
    type text NOT NULL,
    description text,
    status text,
    -- who did it (the event's actor); null: the system
    actor_id integer,
    -- the record's institutions when it happened (the first: its primary)
    institution_ids integer[] NOT NULL,
    test_request_id integer,
    patient_id integer,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS activities_created_at_idx ON activities (created_at DESC);
  CREATE INDEX IF NOT EXISTS activities_actor_idx ON activities (actor_id, created_at);

  -- The order activities were projected in: the live stream's event ids (Last-Event-ID). A sequence of its own,
  -- owned by no table, so that a rebuild's copy draws from it too and positions only ever grow.
  CREATE SEQUENCE IF NOT EXISTS activity_positions;
  ALTER TABLE activities ADD COLUMN IF NOT EXISTS position bigint NOT NULL DEFAULT nextval('activity_positions');
  CREATE INDEX IF NOT EXISTS activities_position_idx ON activities (position);

  -- inventory's items (issue 24): what the Low Stock Alert counts and the stock activities name
  CREATE TABLE IF NOT EXISTS inventory_stock (
    id integer PRIMARY KEY,
    item_name text NOT NULL,
    -- null: a global item
    institution_id integer,
    quantity_available integer NOT NULL,
    minimum_threshold integer NOT NULL,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS inventory_stock_low_idx ON inventory_stock (institution_id)
    WHERE quantity_available <= minimum_threshold;

  -- fulfillment's requests (issue 25): what Pending Fulfillment counts and the fulfillment activities name
  CREATE TABLE IF NOT EXISTS fulfillment_status (
    id integer PRIMARY KEY,
    institution_id integer NOT NULL,
    test_request_id integer NOT NULL,
    status text NOT NULL,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS fulfillment_status_pending_idx ON fulfillment_status (institution_id)
    WHERE status = 'pending';

  -- the results service's results (issue 26): what Results Completed counts (released_at: its first release) and
  -- who entered each (user activity)
  CREATE TABLE IF NOT EXISTS result_status (
    id integer PRIMARY KEY,
    institution_id integer NOT NULL,
    test_request_id integer NOT NULL,
    status text NOT NULL,
    entered_by integer,
    entered_at timestamptz NOT NULL,
    released_at timestamptz,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS result_status_released_idx ON result_status (released_at) WHERE released_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS result_status_entered_by_idx ON result_status (entered_by, entered_at);
`;

/**
 * The channel a projected activity is announced on, named after the schema the tables are written in: the live
 * stream's listeners (live/feed.ts) listen on the live schema's, so a rebuild, which writes in a shadow schema,
 * announces nothing to anyone.
 */
export const ACTIVITY_CHANNEL_SUFFIX = '.activity';

interface ActivityRow {
  type: ActivityType;
  description: string;
  status: string | null;
  institutionIds: readonly number[];
  testRequestId?: number;
  patientId?: number;
}

/**
 * The activity row and, when it is new, its announcement (pg_notify, delivered when the consumer's transaction
 * commits): position, type, ids, institutions and the record's clinician as the stream's scope needs them, no
 * name. A redelivered event inserts nothing and announces nothing.
 */
async function recordActivity(db: CommonQueryMethods, event: EventEnvelope, row: ActivityRow): Promise<void> {
  await db.query(sql.unsafe`
    WITH inserted AS (
      INSERT INTO activities (event_id, type, description, status, actor_id, institution_ids, test_request_id,
                              patient_id, created_at)
      VALUES (${event.id}, ${row.type}, ${row.description}, ${row.status}, ${event.actor.userId},
              ${sql.array([...row.institutionIds], 'int4')}, ${row.testRequestId ?? null}, ${row.patientId ?? null},
              ${event.occurredAt}::timestamptz)
      ON CONFLICT (event_id) DO NOTHING
      RETURNING position, type, test_request_id, patient_id, institution_ids, created_at
    )
    SELECT pg_notify(current_schema() || ${ACTIVITY_CHANNEL_SUFFIX}, json_build_object(
             'position', a.position, 'type', a.type, 'test_request_id', a.test_request_id,
             'patient_id', a.patient_id, 'institution_ids', a.institution_ids,
             'clinician_id', coalesce(r.clinician_id, p.clinician_id), 'created_at', a.created_at)::text)
    FROM inserted a
    LEFT JOIN test_request_summaries r ON r.id = a.test_request_id
    LEFT JOIN patients p ON p.id = a.patient_id`);
}

/**
 * A test request event: the kit's summary of the request (whose, ordered by whom and when, its status, archived;
 * the same summary identity and notifications keep) and, but for a restore, an activity row.
 */
async function applyTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  await applyTestRequestSummaryEvent(db, event);
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const created = event.type === 'TestRequestCreated';
      return recordActivity(db, event, {
        type: 'test_request',
        description: created ? ACTIVITY_DESCRIPTIONS.testRequestCreated : ACTIVITY_DESCRIPTIONS.testRequestUpdated,
        status: data.status,
        institutionIds: [data.institution_id],
        testRequestId: data.testRequestId,
      });
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const status = testRequestStatusAfter(data);
      return recordActivity(db, event, {
        type: 'test_request',
        description:
          event.type === 'TestRequestCancelled'
            ? ACTIVITY_DESCRIPTIONS.testRequestCancelled
            : ACTIVITY_DESCRIPTIONS.testRequestStatusChanged(status),
        status,
        institutionIds: [data.institution_id],
        testRequestId: data.testRequestId,
      });
    }
    case 'TestRequestArchived': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      return recordActivity(db, event, {
        type: 'test_request',
        description: ACTIVITY_DESCRIPTIONS.testRequestArchived,
        status: data.status,
        institutionIds: [data.institution_id],
        testRequestId: data.testRequestId,
      });
    }
  }
}

async function applyPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'PatientRegistered':
    case 'PatientUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const institutionIds = sql.array(data.institution_ids, 'int4');
      await db.query(sql.unsafe`
        INSERT INTO patients (id, institution_ids, clinician_id, registered_at, version)
        VALUES (${data.patientId}, ${institutionIds}, ${data.clinician_id}, ${event.occurredAt}::timestamptz,
                ${event.version})
        ON CONFLICT (id) DO UPDATE SET institution_ids = excluded.institution_ids,
          clinician_id = excluded.clinician_id, version = excluded.version
        WHERE patients.version < excluded.version`);
      const registered = event.type === 'PatientRegistered';
      return recordActivity(db, event, {
        type: 'patient',
        description: registered ? ACTIVITY_DESCRIPTIONS.patientRegistered : ACTIVITY_DESCRIPTIONS.patientUpdated,
        status: null,
        institutionIds: data.institution_ids,
        patientId: data.patientId,
      });
    }
    case 'PatientRemovedFromInstitutions': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE patients SET institution_ids = ${sql.array(data.institution_ids, 'int4')}, version = ${event.version}
        WHERE id = ${data.patientId} AND version < ${event.version}`);
      return;
    }
    case 'PatientDeleted': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE patients SET deleted = true, version = ${event.version}
        WHERE id = ${data.patientId} AND version < ${event.version}`);
      return;
    }
  }
}

/**
 * An inventory item's event (issue 24 item 6): its stock (the Low Stock Alert's count) and, for its creation, its
 * movements and its reaching low stock, an activity filed under its institution (none for a global item: only
 * super_admin's dashboard lists those). Requests and notices are the notifications' business, not activity.
 */
async function applyInventoryEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const itemName = async (id: number) =>
    db.maybeOne(sql.type(z.object({ item_name: z.string(), institution_id: z.number().int().nullable() }))`
      SELECT item_name, institution_id FROM inventory_stock WHERE id = ${id}`);
  const stock = async (id: number, available: number) =>
    db.query(sql.unsafe`
      UPDATE inventory_stock SET quantity_available = ${available}, version = ${event.version}
      WHERE id = ${id} AND version < ${event.version}`);
  const activity = (institutionId: number | null, description: string) =>
    recordActivity(db, event, {
      type: 'inventory',
      description,
      status: null,
      institutionIds: institutionId === null ? [] : [institutionId],
    });
  switch (event.type) {
    case 'InventoryItemCreated':
    case 'InventoryItemUpdated': {
      const item = parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryItemUpdated', event.data);
      const opening =
        event.type === 'InventoryItemCreated'
          ? parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryItemCreated', event.data).quantity_available
          : 0;
      await db.query(sql.unsafe`
        INSERT INTO inventory_stock (id, item_name, institution_id, quantity_available, minimum_threshold, version)
        VALUES (${item.itemId}, ${item.item_name}, ${item.institution_id}, ${opening}, ${item.minimum_threshold},
                ${event.version})
        ON CONFLICT (id) DO UPDATE SET item_name = excluded.item_name, institution_id = excluded.institution_id,
          minimum_threshold = excluded.minimum_threshold, version = excluded.version
        WHERE inventory_stock.version < excluded.version`);
      if (event.type === 'InventoryItemCreated') {
        await activity(item.institution_id, ACTIVITY_DESCRIPTIONS.inventoryItemAdded(item.item_name));
      }
      return;
    }
    case 'InventoryStockAdjusted': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      await stock(data.itemId, data.quantity_available);
      const item = await itemName(data.itemId);
      if (!item) return;
      return activity(
        item.institution_id,
        ACTIVITY_DESCRIPTIONS.stockAdjusted(item.item_name, data.adjustment, data.reason),
      );
    }
    case 'InventoryStockReserved':
    case 'InventoryStockReleased':
    case 'InventoryStockConsumed': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      await stock(data.itemId, data.quantity_available);
      const item = await itemName(data.itemId);
      if (!item) return;
      const describe =
        event.type === 'InventoryStockReserved'
          ? ACTIVITY_DESCRIPTIONS.stockReserved
          : event.type === 'InventoryStockReleased'
            ? ACTIVITY_DESCRIPTIONS.stockReleased
            : ACTIVITY_DESCRIPTIONS.stockConsumed;
      return activity(item.institution_id, describe(item.item_name, data.quantity));
    }
    case 'InventoryLowStockReached': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      const item = await itemName(data.itemId);
      if (!item) return;
      return activity(item.institution_id, ACTIVITY_DESCRIPTIONS.lowStockReached(item.item_name));
    }
  }
}

/**
 * A fulfillment request's event (issue 25 item 6): its status (Pending Fulfillment's count) and a 'Fulfillment
 * processed' activity under its test request's institution, tied to the test request (its clinician's dashboard).
 */
async function applyFulfillmentEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (!(FULFILLMENT_ACTIVITY_EVENT_TYPES as readonly string[]).includes(event.type)) return;
  const type = event.type as (typeof FULFILLMENT_ACTIVITY_EVENT_TYPES)[number];
  const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
  const id = data.fulfillmentRequestId;
  if ('test_request_id' in data) {
    await db.query(sql.unsafe`
      INSERT INTO fulfillment_status (id, institution_id, test_request_id, status, version)
      VALUES (${id}, ${data.institution_id}, ${data.test_request_id}, 'pending', ${event.version})
      ON CONFLICT (id) DO NOTHING`);
  } else if ('status' in data) {
    await db.query(sql.unsafe`
      UPDATE fulfillment_status SET status = ${data.status}, version = ${event.version}
      WHERE id = ${id} AND version < ${event.version}`);
  }
  const request = await db.maybeOne(sql.type(
    z.object({ institution_id: z.number().int(), test_request_id: z.number().int() }),
  )`
    SELECT institution_id, test_request_id FROM fulfillment_status WHERE id = ${id}`);
  if (!request) return;
  const display = formatFulfillmentId(id);
  const description =
    type === 'FulfillmentRequested'
      ? ACTIVITY_DESCRIPTIONS.fulfillmentRequested(display)
      : type === 'FulfillmentAssigned'
        ? ACTIVITY_DESCRIPTIONS.fulfillmentAssigned(display)
        : type === 'FulfillmentDispatched'
          ? ACTIVITY_DESCRIPTIONS.fulfillmentDispatched(display, 'tracking_number' in data ? data.tracking_number : '')
          : type === 'FulfillmentDelivered'
            ? ACTIVITY_DESCRIPTIONS.fulfillmentDelivered(display)
            : type === 'FulfillmentCancelled'
              ? ACTIVITY_DESCRIPTIONS.fulfillmentCancelled(display)
              : ACTIVITY_DESCRIPTIONS.fulfillmentReopened(display);
  await recordActivity(db, event, {
    type: 'fulfillment',
    description,
    status: 'status' in data ? data.status : 'pending',
    institutionIds: [request.institution_id],
    testRequestId: request.test_request_id,
  });
}

/**
 * A result's event (issue 26 item 7): its status and first release (Results Completed), who entered it (user
 * activity), and a 'Test result entered' activity under its institution, tied to its test request.
 */
async function applyResultEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (!(RESULT_EVENT_TYPES as readonly string[]).includes(event.type)) return;
  const type = event.type as ResultsEventType;
  const data = parseEventData(RESULTS_EVENT_SCHEMAS, type, event.data);
  const at = sql.fragment`${event.occurredAt}::timestamptz`;
  const released = data.status === 'final' ? at : sql.fragment`NULL::timestamptz`;
  await db.query(sql.unsafe`
    INSERT INTO result_status AS s (id, institution_id, test_request_id, status, entered_by, entered_at, released_at,
                                    version)
    VALUES (${data.resultId}, ${data.institution_id}, ${data.test_request_id}, ${data.status},
            ${type === 'ResultEntered' ? event.actor.userId : null}, ${at}, ${released}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, version = excluded.version,
      entered_by = coalesce(s.entered_by, excluded.entered_by), released_at = coalesce(s.released_at, excluded.released_at)
    WHERE s.version < excluded.version`);
  const display = formatResultId(data.resultId);
  const description =
    type === 'ResultEntered'
      ? ACTIVITY_DESCRIPTIONS.resultEntered(display)
      : type === 'ResultUpdated'
        ? ACTIVITY_DESCRIPTIONS.resultUpdated(display)
        : type === 'ResultReviewed'
          ? ACTIVITY_DESCRIPTIONS.resultReviewed(display)
          : type === 'ResultFinalized'
            ? ACTIVITY_DESCRIPTIONS.resultReleased(display)
            : ACTIVITY_DESCRIPTIONS.resultAmended(display, 'reason' in data ? data.reason : '');
  await recordActivity(db, event, {
    type: 'test_result',
    description,
    status: data.status,
    institutionIds: [data.institution_id],
    testRequestId: data.test_request_id,
  });
}

const RESULT_EVENT_TYPES = Object.keys(RESULTS_EVENT_SCHEMAS) as ResultsEventType[];

const FULFILLMENT_ACTIVITY_EVENT_TYPES = [
  'FulfillmentRequested',
  'FulfillmentAssigned',
  'FulfillmentDispatched',
  'FulfillmentDelivered',
  'FulfillmentCancelled',
  'FulfillmentReopened',
] as const;

/** The inventory item events this projection keeps. */
const INVENTORY_ACTIVITY_EVENT_TYPES = [
  'InventoryItemCreated',
  'InventoryItemUpdated',
  'InventoryStockAdjusted',
  'InventoryStockReserved',
  'InventoryStockReleased',
  'InventoryStockConsumed',
  'InventoryLowStockReached',
] as const;

export const clinicalActivityProjection: CrossServiceProjection = {
  name: 'clinical-activity',
  // 2: activities' position (the live stream's ids); 3: inventory's items and their activities; 4: fulfillment's
  // requests and their activities; 5: results and their activities
  version: 5,
  subjects: [
    ...TEST_REQUEST_SUBJECTS,
    'lab.clinical.patient.>',
    ...INVENTORY_ITEM_SUBJECTS,
    ...FULFILLMENT_REQUEST_SUBJECTS,
    ...RESULT_SUBJECTS,
  ],
  handles: [
    ...TEST_REQUEST_SUMMARY_EVENT_TYPES,
    'PatientRegistered',
    'PatientUpdated',
    'PatientRemovedFromInstitutions',
    'PatientDeleted',
    ...INVENTORY_ACTIVITY_EVENT_TYPES,
    ...FULFILLMENT_ACTIVITY_EVENT_TYPES,
    ...RESULT_EVENT_TYPES,
  ],
  tables: [
    TEST_REQUEST_SUMMARY_TABLE,
    'patients',
    'activities',
    'inventory_stock',
    'fulfillment_status',
    'result_status',
  ],
  init: TEST_REQUEST_SUMMARY_TABLE_DDL + ACTIVITY_TABLES,
  apply: async (db, event) => {
    await applyTestRequestEvent(db, event);
    await applyPatientEvent(db, event);
    await applyInventoryEvent(db, event);
    await applyFulfillmentEvent(db, event);
    await applyResultEvent(db, event);
  },
};
