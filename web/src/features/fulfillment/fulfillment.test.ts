/// <reference types="node" />
/**
 * The fulfillment pages' pure parts (spec 2 §2.5): the chips of the active filters, the status cards' counts over
 * the loaded rows, the confirmation's file name and content, and the delivery report's escaping.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { TEST_REQUEST_PRIORITIES, formatDate } from '@labline/contracts';
import { PRIORITIES, assigneeName, countByStatus, filterChips } from './model';
import { confirmationFileName, deliveryConfirmation, deliveryReportHtml } from './report';
import { DELIVERED_REQUEST as REQUEST } from './testing';

const NO_FILTERS = {
  search: '',
  status: undefined,
  priority: undefined,
  date_from: undefined,
  date_to: undefined,
  assigned_to_me: undefined,
} as const;

describe('filterChips', () => {
  test('no chip without filters', () => {
    assert.deepEqual(filterChips(NO_FILTERS), []);
  });

  test('one chip per active filter, named as the filters name their values', () => {
    const chips = filterChips({
      search: 'REQ-000007',
      status: 'dispatched',
      priority: 'stat',
      date_from: '2026-11-01',
      date_to: '2026-11-28',
      assigned_to_me: true,
    });
    assert.deepEqual(chips, [
      { key: 'search', label: 'Search: REQ-000007' },
      { key: 'status', label: 'Status: Dispatched' },
      { key: 'priority', label: 'Priority: STAT' },
      { key: 'date_from', label: `From: ${formatDate('2026-11-01')}` },
      { key: 'date_to', label: `To: ${formatDate('2026-11-28')}` },
      { key: 'assigned_to_me', label: 'Assigned to me' },
    ]);
  });
});

test('the status cards count the four statuses among the loaded rows, cancelled in none', () => {
  const rows = (['pending', 'pending', 'assigned', 'cancelled', 'delivered'] as const).map((status) => ({ status }));
  assert.deepEqual(
    countByStatus(rows).map(({ label, count }) => [label, count]),
    [
      ['Pending', 2],
      ['Assigned', 1],
      ['Dispatched', 0],
      ['Delivered', 1],
    ],
  );
});

test('the confirmation is delivery-confirmation-{id}.json with the request, the patient and the delivery', () => {
  assert.equal(confirmationFileName(12), 'delivery-confirmation-12.json');
  const confirmation = deliveryConfirmation(REQUEST);
  assert.equal(confirmation.request_id, 'FUL-000012');
  assert.equal(confirmation.test_request_id, 'REQ-000007');
  assert.equal(confirmation.tracking_number, '1Z999');
  assert.equal(confirmation.delivery_date, REQUEST.delivery_date);
  assert.deepEqual(confirmation.patient, { name: 'Ann O"Brien & Co', medical_record_number: 'MRN-1' });
  assert.equal(confirmation.delivered_by, 'Fran Agent');
});

test('an unassigned request reads Unassigned', () => {
  assert.equal(assigneeName({ assigned_to_name: null, assigned_to_lastname: null }), 'Unassigned');
});

test('the delivery report escapes every value and names the request, patient address and tracking number', () => {
  const html = deliveryReportHtml(REQUEST);
  assert.match(html, /<title>Delivery Report FUL-000012<\/title>/);
  assert.ok(html.includes('Saliva &lt;Kit&gt;'));
  assert.ok(!html.includes('Saliva <Kit>'));
  assert.ok(html.includes('Ann O&quot;Brien &amp; Co'));
  assert.ok(html.includes('1 Main St, Leeds, LS1, UK'));
  assert.ok(html.includes('<td>1Z999</td>'));
  assert.ok(html.includes('<td>REQ-000007</td>'));
});

test('the priority filter offers the test requests’ priorities, in their order', () => {
  assert.deepEqual(PRIORITIES, [...TEST_REQUEST_PRIORITIES]);
});
