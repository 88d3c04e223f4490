/**
 * The fulfillment pages in the browser (spec 2 §2.5, §2.6, §4, §8; issue 25 items 4 and 5): the partner's agent
 * assigns a request to themself, finds it under My Assignments, dispatches it with a tracking number (the patient's
 * e-mail reaches the SMTP sandbox), prints its shipping label, delivers it, downloads the confirmation and opens the
 * delivery report; the detail page shows the Shipping Information card and the kit's stock movements, and
 * Fulfillment Request Not Found for an unknown id; Northwind's client admin (a manager of their own institution)
 * narrows the list by dates and removes a chip, cancels a request, creates a replacement for it, reopens another
 * and dispatches from the detail page. Every request the test changes is its own: a test ordered through the API
 * with the demo partner shipping its kit, whose fulfillment request the choreography makes, so the test runs again
 * and again on the same system. One browser context per role; axe checks every page (support.ts).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'vitest';
import {
  FULFILLMENT_ASSIGNED_TO_ME,
  FULFILLMENT_DONE_MESSAGES,
  FULFILLMENT_NOTES,
  FULFILLMENT_STOCK_MOVEMENT_LABELS,
  FULFILLMENT_TEXTS,
  formatDate,
  formatRequestId,
  fulfillmentListSchema,
  fulfillmentRequestDetailSchema,
  type FulfillmentRequestDetail,
  type FulfillmentRequestRow,
  testRequestResponseSchema,
} from '@labline/contracts';
import type { Page } from 'playwright-core';
import { navigateInApp, searchList } from './navigation';
import { createReachablePatient, orderAsNorthwindAdmin } from './orders';
import {
  apiAs,
  DELIVERY_WAIT_MS,
  DEMO_ACCOUNTS,
  eventually,
  messageShown,
  openSignedIn,
  sandboxMail,
  screenshot,
  uniqueName,
  useSystem,
} from './support';

const system = useSystem();

const SEARCH_LABEL = 'Search fulfillment requests';
/** The demo's collection device whose kit inventory stocks (a global item of the same name). */
const KIT = 'Capillary blood collection kit';

type Call = Awaited<ReturnType<typeof apiAs>>['call'];

async function allRequests(call: Call, query = ''): Promise<FulfillmentRequestRow[]> {
  return fulfillmentListSchema.parse(await call('GET', `/fulfillment?limit=100${query}`)).requests;
}

/**
 * A fresh pending request of Northwind (set-up): a reachable patient's HbA1c ordered through the API by Northwind's
 * admin with the kit shipped by the demo partner, and the fulfillment request the choreography makes of it.
 */
async function orderedKit(): Promise<FulfillmentRequestDetail> {
  const patient = await createReachablePatient(system);
  const { user: partner } = await apiAs(system, DEMO_ACCOUNTS.fulfillmentAgent.email);
  const request = await orderAsNorthwindAdmin(system, 'HbA1c', patient, { device: KIT, partnerId: partner.id });
  const manager = await apiAs(system, DEMO_ACCOUNTS.clientAdmin.email);
  return eventually(async () => {
    const [made] = await allRequests(manager.call, `&search=${formatRequestId(request.id)}`);
    assert.ok(made !== undefined, `the fulfillment request of ${formatRequestId(request.id)}`);
    return fulfillmentRequestDetailSchema.parse(await manager.call('GET', `/fulfillment/${made.id}`));
  });
}

/** The table row of a request, by its FUL- id. */
const requestRow = (page: Page, request: Pick<FulfillmentRequestRow, 'display_id'>) =>
  page.locator('.ant-table-row').filter({ has: page.getByRole('link', { name: request.display_id, exact: true }) });

const rowStatus = (page: Page, request: FulfillmentRequestDetail, status: string) =>
  requestRow(page, request).locator('.ant-tag', { hasText: status }).waitFor();

/** Answers the row action's confirmation (Popconfirm) with its text. */
async function confirm(page: Page, question: string): Promise<void> {
  const popup = page.locator('.ant-popconfirm').filter({ hasText: question });
  await popup.waitFor();
  await popup.getByRole('button', { name: 'Yes' }).click();
}

test('the agent assigns, dispatches and delivers a request, and takes its confirmation and report', async () => {
  const request = await orderedKit();
  const email = request.patient?.email ?? '';
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.fulfillmentAgent.email, '/fulfillment');
  await page.getByRole('heading', { name: FULFILLMENT_TEXTS.title }).waitFor();
  await page.getByRole('button', { name: 'View Inventory' }).waitFor();
  await page.getByTestId('recent-activity').getByRole('link').first().waitFor();
  await screenshot(page, 'fulfillment-list');

  // The request's test request id finds it (and the request it replaces); the search is a chip.
  await searchList(page, SEARCH_LABEL, request.test_request_display_id);
  await page.getByTestId('filter-chips').getByText(`Search: ${request.test_request_display_id}`).waitFor();
  const row = requestRow(page, request);
  await rowStatus(page, request, 'Pending');
  assert.match(await row.innerText(), new RegExp(`${request.test_request_display_id}[\\s\\S]*SKU: `));
  await row.getByRole('button', { name: 'Assign to Me' }).click();
  await messageShown(page, FULFILLMENT_ASSIGNED_TO_ME);
  await rowStatus(page, request, 'Assigned');

  // My Assignments: the toggle and the checkbox are the one filter, and a chip.
  await page.getByRole('button', { name: 'My Assignments' }).click();
  await page.waitForURL(/assigned_to_me=true/);
  await page.getByRole('checkbox', { name: 'Show only requests assigned to me', checked: true }).waitFor();
  await page.getByTestId('filter-chips').getByText('Assigned to me').waitFor();
  await rowStatus(page, request, 'Assigned');
  assert.equal(await page.getByTestId('status-card-assigned').getByText('1', { exact: true }).count(), 1);

  // Mark as Dispatched asks the tracking number: none, and nothing happens.
  await row.getByRole('button', { name: 'Mark as Dispatched' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${request.display_id} as Dispatched` });
  const dispatch = dialog.getByRole('button', { name: 'Mark as Dispatched' });
  assert.equal(await dispatch.isDisabled(), true, 'no tracking number yet');
  const tracking = uniqueName('1ZE2E');
  await dialog.getByLabel('Tracking Number').fill(tracking);
  await screenshot(page, 'fulfillment-dispatch');
  await dispatch.click();
  await messageShown(page, FULFILLMENT_DONE_MESSAGES.dispatch);
  await dialog.waitFor({ state: 'hidden' });
  await rowStatus(page, request, 'Dispatched');
  await row.getByText(tracking).waitFor();

  // The patient hears the kit is on its way, with the tracking number (notifications reacts to the dispatch).
  const subject = `Your test kit for ${request.test_request_display_id} is on its way`;
  const mails = await eventually(async () => {
    const received = (await sandboxMail(system, email)).filter((mail) => mail.subject === subject);
    assert.equal(received.length, 1, `one "${subject}" to ${email} in the SMTP sandbox`);
    return received;
  }, DELIVERY_WAIT_MS);
  assert.ok(mails[0]!.text.includes(tracking), 'the e-mail names the tracking number');

  // Print Shipping Label: a PDF named after the request, made in the browser.
  const [label] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: FULFILLMENT_TEXTS.printShippingLabel }).click(),
  ]);
  assert.equal(label.suggestedFilename(), FULFILLMENT_TEXTS.shippingLabelFileName(request.id));
  assert.equal((await readFile(await label.path())).subarray(0, 5).toString('latin1'), '%PDF-');

  await row.getByRole('button', { name: 'Mark as Delivered' }).click();
  await messageShown(page, FULFILLMENT_DONE_MESSAGES.deliver);
  await rowStatus(page, request, 'Delivered');
  await screenshot(page, 'fulfillment-delivered');
  // The delivered kit fulfils its test request (clinical's kit-delivered reaction, the saga's last step).
  const clinic = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  await eventually(async () => {
    const { request: order } = testRequestResponseSchema.parse(
      await clinic.call('GET', `/tests/requests/${request.test_request_id}`),
    );
    assert.equal(order.status, 'fulfilled');
    assert.deepEqual(
      order.fulfillment_requests.map((kit) => [kit.id, kit.status]),
      [[request.id, 'delivered']],
    );
  });

  // Download Confirmation: delivery-confirmation-{id}.json with the request and its delivery.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download Confirmation' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `delivery-confirmation-${request.id}.json`);
  const confirmation = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
  assert.equal(confirmation.request_id, request.display_id);
  assert.equal(confirmation.test_request_id, request.test_request_display_id);
  assert.equal(confirmation.status, 'delivered');
  assert.equal(confirmation.tracking_number, tracking);
  assert.equal(typeof confirmation.delivery_date, 'string');

  // Print Delivery Report: a printable page of its own with the request, the patient and the delivery.
  const [report] = await Promise.all([
    page.context().waitForEvent('page'),
    row.getByRole('button', { name: 'Print Delivery Report' }).click(),
  ]);
  await report.getByRole('heading', { name: `Delivery Report ${request.display_id}` }).waitFor();
  const reportText = await report.locator('main').innerText();
  assert.ok(reportText.includes(tracking));
  assert.ok(reportText.includes(request.medical_record_number ?? 'MRN'));
  assert.ok(reportText.includes(email));
  await report.getByRole('button', { name: 'Print' }).waitFor();
  await screenshot(report, 'fulfillment-report');
  await report.close();

  // The detail: the Shipping Information card once dispatched, and the kit reserved then consumed by inventory (its
  // events reach fulfillment through NATS: waited for first); an unknown id is not found.
  const { call } = await apiAs(system, DEMO_ACCOUNTS.fulfillmentAgent.email);
  await eventually(async () => {
    const { stock_movements } = fulfillmentRequestDetailSchema.parse(await call('GET', `/fulfillment/${request.id}`));
    assert.deepEqual(
      stock_movements.map((movement) => movement.type),
      ['reserved', 'consumed'],
    );
  });
  await row.getByRole('link', { name: request.display_id, exact: true }).click();
  await page.waitForURL(`**/fulfillment/${request.id}`);
  await page.getByRole('heading', { name: FULFILLMENT_TEXTS.detailTitle }).waitFor();
  const shipping = page.getByTestId('shipping-information');
  await shipping.getByText(tracking).waitFor();
  await page.getByTestId('patient-information').getByText(email).waitFor();
  await page.getByTestId('request-information').getByText('Delivered').waitFor();
  assert.equal(await page.getByRole('button', { name: /Update Status/ }).count(), 0, 'delivered is final');
  await page.getByRole('button', { name: FULFILLMENT_TEXTS.printShippingLabel }).waitFor();
  const movements = page.getByTestId('stock-movements');
  for (const type of ['reserved', 'consumed'] as const) {
    await movements.getByRole('cell', { name: FULFILLMENT_STOCK_MOVEMENT_LABELS[type], exact: true }).waitFor();
  }
  assert.equal(
    await movements
      .getByRole('link', { name: request.item_name ?? '' })
      .first()
      .getAttribute('href'),
    `/inventory/${request.inventory_item_id}`,
  );
  await screenshot(page, 'fulfillment-detail');
  await navigateInApp(page, '/fulfillment/987654321');
  await page.getByText(FULFILLMENT_TEXTS.notFound).waitFor();
  await page.getByRole('button', { name: FULFILLMENT_TEXTS.backToFulfillment }).waitFor();
  await screenshot(page, 'fulfillment-not-found');
  await page.context().close();
});

/** Types a day into a date filter (ISO, as the box takes it) and enters it. */
async function enterDate(page: Page, label: string, day: string): Promise<void> {
  const box = page.getByLabel(label, { exact: true });
  await box.fill(day);
  await box.press('Enter');
}

const chip = (page: Page, text: string) => page.getByTestId('filter-chips').locator('.ant-tag', { hasText: text });

test("the institution's client admin narrows by dates, cancels a request, replaces it, reopens another and dispatches from the detail", async () => {
  const [toCancel, toReopen] = await Promise.all([orderedKit(), orderedKit()]);
  const { call } = await apiAs(system, DEMO_ACCOUNTS.clientAdmin.email);
  await call('PUT', `/fulfillment/${toReopen.id}/status`, { status: 'cancelled', notes: FULFILLMENT_NOTES.cancel });

  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clientAdmin.email, '/fulfillment');
  await searchList(page, SEARCH_LABEL, toCancel.test_request_display_id);
  await rowStatus(page, toCancel, 'Pending');

  // From Date after today leaves the request out; To Date today with it removed brings it back. Each is a chip.
  const today = toCancel.created_at.slice(0, 10);
  const nextYear = `${Number(today.slice(0, 4)) + 1}-01-01`;
  await enterDate(page, 'From Date', nextYear);
  await page.waitForURL(new RegExp(`date_from=${nextYear}`));
  await chip(page, `From: ${formatDate(nextYear)}`).waitFor();
  await requestRow(page, toCancel).waitFor({ state: 'detached' });
  await enterDate(page, 'To Date', today);
  await chip(page, `To: ${formatDate(today)}`).waitFor();
  await screenshot(page, 'fulfillment-date-filters');
  await chip(page, 'From: ').locator('.ant-tag-close-icon').click();
  await page.waitForURL((url) => !url.search.includes('date_from') && url.search.includes(`date_to=${today}`));
  await chip(page, 'From: ').waitFor({ state: 'detached' });
  await rowStatus(page, toCancel, 'Pending');
  await chip(page, 'To: ').locator('.ant-tag-close-icon').click();
  await page.waitForURL((url) => !url.search.includes('date_to'));

  await requestRow(page, toCancel).getByRole('button', { name: 'Cancel Request' }).click();
  await screenshot(page, 'fulfillment-confirm-cancel');
  await confirm(page, FULFILLMENT_TEXTS.confirmCancel);
  await messageShown(page, FULFILLMENT_DONE_MESSAGES.cancel);
  await rowStatus(page, toCancel, 'Cancelled');

  // Create Replacement: a new pending request for the same test request.
  const before = (await allRequests(call, `&search=${toCancel.test_request_display_id}`)).map((row) => row.id);
  await requestRow(page, toCancel).getByRole('button', { name: 'Create Replacement' }).click();
  await messageShown(page, FULFILLMENT_TEXTS.replacementCreated);
  const replacement = (await allRequests(call, `&search=${toCancel.test_request_display_id}`)).find(
    (row) => !before.includes(row.id),
  );
  assert.ok(replacement !== undefined, 'a new request');
  assert.equal(replacement.status, 'pending');
  assert.equal(replacement.replaces_request_id, toCancel.id);
  await requestRow(page, replacement).waitFor();

  // Reopen Request, on another cancelled request; the status filter is a chip that removes itself.
  await searchList(page, SEARCH_LABEL, toReopen.test_request_display_id);
  await rowStatus(page, toReopen, 'Cancelled');
  await requestRow(page, toReopen).getByRole('button', { name: 'Reopen Request' }).click();
  await confirm(page, FULFILLMENT_TEXTS.confirmReopen);
  await messageShown(page, FULFILLMENT_DONE_MESSAGES.reopen);
  await rowStatus(page, toReopen, 'Pending');
  await screenshot(page, 'fulfillment-reopened');

  // The detail page's Update Status menu dispatches the replacement, with the tracking number it asks for.
  await navigateInApp(page, `/fulfillment/${replacement.id}`);
  assert.equal(await page.getByTestId('shipping-information').count(), 0, 'nothing shipped yet');
  await page.getByRole('button', { name: /Update Status/ }).click();
  await page.getByRole('menuitem', { name: 'Mark as Dispatched' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${replacement.display_id} as Dispatched` });
  const tracking = uniqueName('1ZDET');
  await dialog.getByLabel('Tracking Number').fill(tracking);
  await dialog.getByRole('button', { name: 'Mark as Dispatched' }).click();
  await messageShown(page, FULFILLMENT_DONE_MESSAGES.dispatch);
  await page.getByTestId('shipping-information').getByText(tracking).waitFor();
  await page.getByTestId('notes').getByText('Package dispatched').waitFor();
  await screenshot(page, 'fulfillment-detail-dispatched');

  // The test request shows its kits (clinical follows fulfillment's events): the cancelled one and its replacement,
  // each linking to its fulfillment request for a manager.
  await navigateInApp(page, `/tests/${toCancel.test_request_id}`);
  const kits = page.getByTestId('fulfillment-requests');
  await kits.getByRole('link', { name: replacement.display_id }).waitFor();
  const kitRow = (id: string) => kits.locator('.ant-table-row').filter({ hasText: id });
  await kitRow(replacement.display_id).locator('.ant-tag', { hasText: 'Dispatched' }).waitFor();
  await kitRow(toCancel.display_id).locator('.ant-tag', { hasText: 'Cancelled' }).waitFor();
  await screenshot(page, 'test-request-kits');
  await page.context().close();
});
