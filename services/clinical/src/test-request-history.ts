/**
 * How a test request's events read in its history (GET /tests/requests/{id}/history; issue 12 point 5): who
 * ordered and edited it with the fields each change set, status moves and the cancellation as the status
 * from → to (a cancellation with the message its notification step sent the patient), archiving, and each
 * notification to the patient with its message. Patients, institutions, users and catalogue items are shown by
 * name.
 */
import { CLINICAL_EVENT_SCHEMAS, FIELD_LABELS, parseEventData, type HistoryEntry } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import type { HistoryStep } from '@labline/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { entriesOf, nameOf, type Names } from './history';
import { patientNames } from './projections/patients/queries';

const requestData = (event: RecordedEvent) =>
  event.type === 'TestRequestCreated' || event.type === 'TestRequestUpdated'
    ? parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data)
    : null;

/** The order form's labels, and the request's test as the detail page names it. */
const LABELS: Readonly<Record<string, string>> = { ...FIELD_LABELS, test_name: 'Test' };

/** The names a request's history shows besides the common ones: its patients'. */
interface RequestNames extends Names {
  patients: ReadonlyMap<number, string>;
}

function orderStep(
  data: NonNullable<ReturnType<typeof requestData>>,
  created: boolean,
  names: RequestNames,
): HistoryStep {
  const items = (ids: readonly number[]) => ids.map((id) => nameOf(names.items, id));
  const user = (id: number | null) => (id === null ? null : nameOf(names.users, id));
  // Left out: who ordered it (the entry's actor), the device selection (the devices show), the sample type's
  // id (its name as ordered shows) and the test type (always 1, spec 1 §9).
  const {
    testRequestId: _id,
    requested_by: _by,
    device_selections: _selections,
    sample_type_id: _sampleTypeId,
    test_type_id: _testType,
    custom_data,
    ...fields
  } = data;
  return {
    action: created ? 'created' : 'updated',
    fields: {
      ...fields,
      patient_id: nameOf(names.patients, data.patient_id),
      institution_id: nameOf(names.institutions, data.institution_id),
      clinician_id: user(data.clinician_id),
      fulfillment_partner_id: user(data.fulfillment_partner_id),
      lab_id: nameOf(names.items, data.lab_id),
      panel_id: data.panel_id === null ? null : nameOf(names.items, data.panel_id),
      marker_ids: items(data.marker_ids),
      collection_device_ids: items(data.collection_device_ids),
      custom_data: custom_data === null ? null : JSON.stringify(custom_data),
    },
  };
}

/** How one event of a test request reads (null: not shown). */
function testRequestStep(event: RecordedEvent, names: RequestNames): HistoryStep | null {
  const data = requestData(event);
  if (data) return orderStep(data, event.type === 'TestRequestCreated', names);
  switch (event.type) {
    case 'TestRequestStatusChanged': {
      const { to, cause } = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestStatusChanged', event.data);
      return { action: 'status_changed', fields: { status: to }, ...(cause === undefined ? {} : { note: cause }) };
    }
    case 'TestRequestCancelled': {
      const { custom_message } = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestCancelled', event.data);
      const told = custom_message === undefined ? {} : { note: custom_message };
      return { action: 'cancelled', fields: { status: 'cancelled' }, ...told };
    }
    case 'TestRequestArchived':
      // The record stays as it was: archiving takes it off the lists, it changes no field.
      return { action: 'archived', fields: {} };
    case 'TestRequestRestored':
      return { action: 'restored', fields: {} };
    case 'TestRequestNotificationRequested': {
      const { custom_message } = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestNotificationRequested', event.data);
      return { action: 'notification_sent', fields: {}, note: custom_message };
    }
    default:
      return null;
  }
}

/** A test request's history, newest first. */
export async function testRequestHistory(
  db: CommonQueryMethods,
  events: readonly RecordedEvent[],
): Promise<HistoryEntry[]> {
  const snapshots = events.map(requestData).filter((data) => data !== null);
  const mentions = {
    institutions: snapshots.map((data) => data.institution_id),
    users: snapshots.flatMap((data) =>
      [data.clinician_id, data.fulfillment_partner_id].filter((id): id is number => id !== null),
    ),
    items: snapshots.flatMap((data) => [
      data.lab_id,
      ...(data.panel_id === null ? [] : [data.panel_id]),
      ...data.marker_ids,
      ...data.collection_device_ids,
    ]),
  };
  const patients = await patientNames(db, [...new Set(snapshots.map((data) => data.patient_id))]);
  return entriesOf(db, events, mentions, (event, names) => testRequestStep(event, { ...names, patients }), LABELS);
}
