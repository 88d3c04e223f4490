/**
 * Turnaround times (issue 23, Deliver 5): when each test request reached each milestone (contracts'
 * TURNAROUND_MILESTONES: ordered, sample collected, received at lab, resulted, released), its institution, lab
 * and status, and the labs' names. Kept by the durable consumer `analytics-turnaround` from the start of the
 * streams. A milestone keeps the first time it was reached (a redelivery or a later return to the status changes
 * nothing); the request's facts are guarded by its stream's version. Adding a milestone's event is one entry in
 * MILESTONE_EVENTS.
 */
import {
  CATALOGUE_EVENT_SCHEMAS,
  CLINICAL_EVENT_SCHEMAS,
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  MILESTONES_OF_STATUS,
  parseEventData,
  RESULT_SUBJECTS,
  RESULTS_EVENT_SCHEMAS,
  TEST_REQUEST_SUBJECTS,
  TEST_REQUEST_SUMMARY_EVENT_TYPES,
  testRequestStatusAfter,
  type EventEnvelope,
  type TurnaroundMilestone,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const TURNAROUND_TABLES = `
  CREATE TABLE IF NOT EXISTS turnaround_requests (
    id integer PRIMARY KEY,
    institution_id integer NOT NULL,
    lab_id integer NOT NULL,
    status text NOT NULL,
    archived boolean NOT NULL DEFAULT false,
    version integer NOT NULL
  );
  CREATE TABLE IF NOT EXISTS turnaround_milestones (
    test_request_id integer NOT NULL,
    milestone text NOT NULL,
    reached_at timestamptz NOT NULL,
    PRIMARY KEY (test_request_id, milestone)
  );
  CREATE INDEX IF NOT EXISTS turnaround_milestones_ordered_idx ON turnaround_milestones (reached_at)
    WHERE milestone = 'ordered';
  -- the test request each fulfillment request ships a kit for (its delivery is the request's kit_delivered)
  CREATE TABLE IF NOT EXISTS turnaround_kits (
    fulfillment_request_id integer PRIMARY KEY,
    test_request_id integer NOT NULL
  );
  CREATE TABLE IF NOT EXISTS turnaround_labs (
    id integer PRIMARY KEY,
    name text NOT NULL,
    version integer NOT NULL
  );
`;

async function reach(
  db: CommonQueryMethods,
  testRequestId: number,
  milestones: readonly TurnaroundMilestone[],
  at: string,
): Promise<void> {
  for (const milestone of milestones) {
    await db.query(sql.unsafe`
      INSERT INTO turnaround_milestones (test_request_id, milestone, reached_at)
      VALUES (${testRequestId}, ${milestone}, ${at}::timestamptz)
      ON CONFLICT (test_request_id, milestone) DO UPDATE SET reached_at = least(turnaround_milestones.reached_at,
        excluded.reached_at)`);
  }
}

/** The milestones an event reaches, by type: its request and which. */
export const MILESTONE_EVENTS: Readonly<
  Record<string, (event: EventEnvelope) => { testRequestId: number; milestones: readonly TurnaroundMilestone[] }>
> = {
  TestRequestCreated: (event) => ({
    testRequestId: parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestCreated', event.data).testRequestId,
    milestones: ['ordered'],
  }),
  TestRequestStatusChanged: (event) => {
    const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestStatusChanged', event.data);
    return { testRequestId: data.testRequestId, milestones: MILESTONES_OF_STATUS[data.to] ?? [] };
  },
  // The results service's (issue 26): the first result entered is the request resulted, its first release released.
  ResultEntered: (event) => ({
    testRequestId: parseEventData(RESULTS_EVENT_SCHEMAS, 'ResultEntered', event.data).test_request_id,
    milestones: ['resulted'],
  }),
  ResultFinalized: (event) => ({
    testRequestId: parseEventData(RESULTS_EVENT_SCHEMAS, 'ResultFinalized', event.data).test_request_id,
    milestones: ['released'],
  }),
};

async function applyRequestFacts(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO turnaround_requests (id, institution_id, lab_id, status, version)
        VALUES (${data.testRequestId}, ${data.institution_id}, ${data.lab_id}, ${data.status}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET institution_id = excluded.institution_id, lab_id = excluded.lab_id,
          status = excluded.status, version = excluded.version
        WHERE turnaround_requests.version < excluded.version`);
      return;
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE turnaround_requests SET status = ${testRequestStatusAfter(data)}, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
    case 'TestRequestArchived':
    case 'TestRequestRestored': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE turnaround_requests SET archived = ${event.type === 'TestRequestArchived'}, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
    case 'CatalogueItemCreated':
    case 'CatalogueItemUpdated': {
      const data = parseEventData(CATALOGUE_EVENT_SCHEMAS, event.type, event.data);
      if (data.kind !== 'labs') return;
      await db.query(sql.unsafe`
        INSERT INTO turnaround_labs (id, name, version) VALUES (${data.itemId}, ${data.name}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version
        WHERE turnaround_labs.version < excluded.version`);
      return;
    }
  }
}

/** A kit's request (filed under its test request) and its delivery (the test request's kit_delivered). */
async function applyKit(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type === 'FulfillmentRequested') {
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, 'FulfillmentRequested', event.data);
    await db.query(sql.unsafe`
      INSERT INTO turnaround_kits (fulfillment_request_id, test_request_id)
      VALUES (${data.fulfillmentRequestId}, ${data.test_request_id}) ON CONFLICT DO NOTHING`);
  } else if (event.type === 'FulfillmentDelivered') {
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, 'FulfillmentDelivered', event.data);
    const testRequestId = await db.maybeOneFirst(sql.type(z.object({ test_request_id: z.number().int() }))`
      SELECT test_request_id FROM turnaround_kits WHERE fulfillment_request_id = ${data.fulfillmentRequestId}`);
    if (testRequestId !== null) await reach(db, testRequestId, ['kit_delivered'], event.occurredAt);
  }
}

export const turnaroundProjection: CrossServiceProjection = {
  name: 'turnaround',
  // 2: a kit's delivery (fulfillment); 3: results entered and released (results)
  version: 3,
  subjects: [...TEST_REQUEST_SUBJECTS, 'lab.clinical.catalogue.>', ...FULFILLMENT_REQUEST_SUBJECTS, ...RESULT_SUBJECTS],
  handles: [
    ...TEST_REQUEST_SUMMARY_EVENT_TYPES,
    'CatalogueItemCreated',
    'CatalogueItemUpdated',
    'FulfillmentRequested',
    'FulfillmentDelivered',
    'ResultEntered',
    'ResultFinalized',
  ],
  tables: ['turnaround_requests', 'turnaround_milestones', 'turnaround_labs', 'turnaround_kits'],
  init: TURNAROUND_TABLES,
  apply: async (db, event) => {
    await applyRequestFacts(db, event);
    await applyKit(db, event);
    const reached = MILESTONE_EVENTS[event.type]?.(event);
    if (reached) await reach(db, reached.testRequestId, reached.milestones, event.occurredAt);
  },
};
