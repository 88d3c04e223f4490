/** The order form's body: JSON-text lists, empty choices, dates and booleans as the web sends them. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { testRequestBodySchema, testRequestListQuerySchema, sendReminderBodySchema } from './test-requests';

const issuesOf = (body: Record<string, unknown>) => {
  const result = testRequestBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('test request body', () => {
  it('parses the lists from JSON text and takes arrays as they are', () => {
    const fromText = testRequestBodySchema.parse({
      marker_ids: '[3, 4]',
      collection_device_ids: '[7]',
      device_selections: '[{"device_id":7,"device_name":"Kit","quantity":1,"required_volume":50,"total_capacity":500}]',
    });
    const fromArrays = testRequestBodySchema.parse({
      marker_ids: [3, 4],
      collection_device_ids: [7],
      device_selections: [{ device_id: 7, device_name: 'Kit', quantity: 1, required_volume: 50, total_capacity: 500 }],
    });
    assert.deepEqual(fromText, fromArrays);
    assert.deepEqual(fromText.marker_ids, [3, 4]);
    assert.equal(fromText.device_selections[0]?.device_id, 7);
  });

  it('reads empty, null and absent lists as empty, and gives the defaults', () => {
    const parsed = testRequestBodySchema.parse({ marker_ids: '', collection_device_ids: null, priority: '' });
    assert.deepEqual(
      [parsed.marker_ids, parsed.collection_device_ids, parsed.device_selections, parsed.priority, parsed.test_type_id],
      [[], [], [], 'normal', 1],
    );
    assert.deepEqual(
      [parsed.patient_id, parsed.custom_data, parsed.expected_test_datetime, parsed.fulfillment_by_partner],
      [null, null, null, false],
    );
  });

  it('names the field of a list that is not JSON, not a list, or of the wrong items', () => {
    assert.deepEqual(issuesOf({ marker_ids: '[1,' }), ['marker_ids: must be JSON text of a list, e.g. [1, 2]']);
    assert.equal(issuesOf({ marker_ids: '{"a":1}' })[0]?.split(':')[0], 'marker_ids');
    assert.equal(issuesOf({ marker_ids: '[0]' })[0], 'marker_ids.0: must be positive');
    assert.equal(
      issuesOf({ collection_device_ids: `[${'1,'.repeat(10)}1]` })[0],
      'collection_device_ids: must list at most 10',
    );
    assert.match(issuesOf({ device_selections: '[{"quantity":1}]' })[0] ?? '', /^device_selections\.0\.device_id: /);
    assert.deepEqual(issuesOf({ custom_data: '[1' }), ['custom_data: must be JSON text of an object']);
    assert.deepEqual(testRequestBodySchema.parse({ custom_data: '{"fasting":true}' }).custom_data, { fasting: true });
  });

  it('reads a date as noon UTC and keeps a date-time, refusing impossible dates', () => {
    assert.equal(
      testRequestBodySchema.parse({ expected_test_datetime: '2030-03-04' }).expected_test_datetime,
      '2030-03-04T12:00:00.000Z',
    );
    assert.equal(
      testRequestBodySchema.parse({ expected_test_datetime: '2030-03-04T09:30:00+01:00' }).expected_test_datetime,
      '2030-03-04T08:30:00.000Z',
    );
    assert.match(issuesOf({ expected_test_datetime: '2030-02-30' })[0] ?? '', /^expected_test_datetime: /);
  });

  it('takes booleans as the form sends them, and refuses unknown fields', () => {
    assert.equal(testRequestBodySchema.parse({ fulfillment_by_partner: 'true' }).fulfillment_by_partner, true);
    assert.equal(testRequestBodySchema.parse({ fulfillment_by_partner: false }).fulfillment_by_partner, false);
    assert.equal(issuesOf({ colour: 'red' }).length, 1);
  });
});

describe('list query and reminder body', () => {
  it('reads empty filters as none', () => {
    const query = testRequestListQuerySchema.parse({ status: '', priority: 'stat' });
    assert.deepEqual([query.status, query.priority, query.page, query.limit], [undefined, 'stat', 1, 20]);
    assert.equal(testRequestListQuerySchema.safeParse({ status: 'lost' }).success, false);
  });

  it('takes the custom notification only', () => {
    assert.equal(sendReminderBodySchema.safeParse({ reminder_type: 'sms_blast', custom_message: 'x' }).success, false);
    assert.equal(sendReminderBodySchema.parse({ reminder_type: 'custom_notification' }).custom_message, undefined);
  });
});
