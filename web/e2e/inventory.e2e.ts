/**
 * The inventory pages in the browser (spec 2 §2.1–2.4, §4 stock badge, §5, §8; issue 24 items 4 and 5): a client
 * admin adds an item with a generated SKU, adjusts it below its threshold and restocks it; an institution admin
 * requests stock for a low item, and the client admin's e-mail reaches the SMTP sandbox; the History tab and the
 * "Stock as of" day. Axe checks every page (support.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import {
  INVENTORY_MESSAGES,
  INVENTORY_TEXTS,
  formatDate,
  inventoryItemDetailSchema,
  type InventoryItemDetail,
} from '@labline/contracts';
import type { Page } from 'playwright-core';
import { navigateInApp } from './navigation';
import {
  apiAs,
  DELIVERY_WAIT_MS,
  DEMO_ACCOUNTS,
  eventually,
  messageShown,
  openSignedIn,
  pickOption,
  sandboxMail,
  screenshot,
  uniqueName,
  useSystem,
} from './support';

const system = useSystem();

/** A day as YYYY-MM-DD in UTC (the as-of day is a UTC day at the server). */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function openInventory(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Inventory' }).click();
  await page.waitForURL('**/inventory');
  await page.getByRole('heading', { name: INVENTORY_TEXTS.title }).waitFor();
}

/** The table row of an item, by its name. */
const itemRow = (page: Page, name: string) => page.locator('.ant-table-row').filter({ hasText: name });

/** An item of Northwind made by its client admin through the API, low on stock from the start. */
async function createLowItem(name: string): Promise<InventoryItemDetail> {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.clientAdmin.email);
  return inventoryItemDetailSchema.parse(
    await call('POST', '/inventory', {
      item_name: name,
      item_sku: uniqueName('SKU-'),
      category: 'Test Kits',
      quantity_available: 3,
      minimum_threshold: 60,
      location: 'Central Supply',
      po_number: 'PO-E2E-1',
    }),
  );
}

test('a client admin adds an item with a generated SKU, takes it below its threshold and restocks it', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clientAdmin.email, '/dashboard');
  await openInventory(page);
  await page.getByTestId('summary-Total Items').waitFor();

  // client_admin manages storage locations without /cms: the list's Storage Locations drawer (spec 3 §6).
  const location = uniqueName('Cold Room ');
  await page.getByRole('button', { name: 'Storage Locations' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByRole('button', { name: 'Add Storage Location' }).click();
  const locationDialog = page.getByRole('dialog', { name: 'Add Storage Location' });
  await locationDialog.getByLabel('Name').fill(location);
  await locationDialog.getByLabel('Description').fill('Shelf B');
  await locationDialog.getByRole('button', { name: 'Create' }).click();
  await messageShown(page, 'Storage Location created successfully');
  await drawer.locator('.ant-table-row', { hasText: location }).getByText('Active').waitFor();
  await screenshot(page, 'inventory-storage-locations');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.waitForURL('**/inventory/new');
  await page.getByRole('heading', { name: 'Add New Inventory Item' }).waitFor();
  const create = page.getByRole('button', { name: 'Create Item' });
  assert.equal(await create.isDisabled(), true, 'name, SKU and PO number are required');
  const name = uniqueName('Swab Kit ');
  await page.getByLabel('Item Name').fill(name);
  // Test Kits is the default category: Generate has both it needs.
  await page.getByRole('button', { name: 'Generate' }).click();
  const sku = await page.getByLabel('SKU', { exact: true }).inputValue();
  assert.match(sku, /^TES-SWA-\d{3}$/);
  await page.getByLabel('PO Number').fill('PO-2026-118');
  await pickOption(page, 'Storage Location', `${location} - Shelf B`);
  await page.getByLabel('Current Quantity').fill('80');
  await page.getByLabel('Minimum Threshold').fill('50');
  await screenshot(page, 'inventory-form');
  await create.click();

  await page.waitForURL(/\/inventory\/\d+$/);
  await page.getByRole('heading', { name }).waitFor();
  const itemId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByText(`SKU: ${sku} · Test Kits`).waitFor();
  assert.equal(await page.getByTestId('low-stock-banner').count(), 0);
  assert.equal((await page.getByTestId('stock-available').innerText()).trim(), '80');

  // The Adjust dialog: Apply waits for both the amount and the reason, and shows the new quantity.
  await page.getByRole('button', { name: 'Adjust Quantity' }).click();
  const dialog = page.getByRole('dialog');
  const apply = dialog.getByRole('button', { name: 'Apply Adjustment' });
  await dialog.getByText(INVENTORY_TEXTS.adjustBoth).waitFor();
  assert.equal(await apply.isDisabled(), true);
  await dialog.getByLabel('Adjustment Amount').fill('-79');
  assert.equal(await apply.isDisabled(), true, 'no reason yet');
  await dialog.getByLabel('Reason').fill('Damaged in transit');
  await dialog.getByText('New Quantity').waitFor();
  assert.match(await dialog.locator('.ant-descriptions').innerText(), /Current Quantity\s*80[\s\S]*New Quantity\s*1/);
  await screenshot(page, 'inventory-adjust');
  await apply.click();
  await messageShown(page, INVENTORY_TEXTS.adjusted);

  const banner = page.getByTestId('low-stock-banner');
  await banner.getByText('Low Stock Alert').waitFor();
  assert.equal((await page.getByTestId('stock-available').innerText()).trim(), '1');
  await page.locator('.ant-tag', { hasText: 'Low Stock' }).first().waitFor();
  await screenshot(page, 'inventory-detail-low');

  // History: both movements, newest first, with who, why, the signed change and the balance after it.
  await page.getByRole('tab', { name: 'History' }).click();
  const rows = page.locator('.ant-table-row');
  await rows.nth(1).waitFor();
  const history = await rows.allInnerTexts();
  assert.equal(history.length, 2);
  assert.match(history[0]!, /Adjustment\s+-79\s+1\s+0\s+Damaged in transit/);
  assert.match(history[1]!, /Item created\s+\+80\s+80\s+0/);
  await screenshot(page, 'inventory-history');

  // Stock as of: today's end is the stock now; the day before the item was made, it did not exist yet.
  await page.getByRole('tab', { name: 'Details' }).click();
  const asOf = page.getByLabel('Stock as of');
  const today = utcDay(new Date());
  await asOf.fill(today);
  await asOf.press('Enter');
  await page.getByText(`As of the end of ${formatDate(today)}`).waitFor();
  assert.equal((await page.getByTestId('stock-available').innerText()).trim(), '1');
  const before = utcDay(new Date(Date.now() - 86_400_000));
  await asOf.fill(before);
  await asOf.press('Enter');
  await page
    .getByTestId('as-of-note')
    .getByText(`This item did not exist yet at the end of ${formatDate(before)}.`)
    .waitFor();
  assert.equal(await page.getByTestId('stock-available').count(), 0, 'no figures for a day before the item');
  await screenshot(page, 'inventory-as-of');
  await page.getByRole('button', { name: 'Now' }).click();
  await page.getByTestId('stock-available').getByText('1', { exact: true }).waitFor();

  // The list: the low-stock filter finds it with its badge, the alert panel lists it, and Restock adds 2 × 50.
  await page.getByRole('button', { name: 'Back to Inventory' }).click();
  await page.getByRole('heading', { name: INVENTORY_TEXTS.title }).waitFor();
  // A click, not check(): the box shows the address's filter, ticked once the address has changed.
  await page.getByRole('checkbox', { name: 'Show only low stock items' }).click();
  await page.waitForURL('**/inventory?low_stock=true');
  // The box shows the address's filter once the page has rendered the new address.
  await page.getByRole('checkbox', { name: 'Show only low stock items', checked: true }).waitFor();
  await screenshot(page, 'inventory-list');
  await itemRow(page, name).locator('.ant-tag', { hasText: 'Low Stock' }).waitFor();
  const alerts = page.getByTestId('low-stock-alerts');
  await alerts.getByRole('link', { name }).waitFor();
  await screenshot(page, 'inventory-low-alerts');
  await alerts.getByRole('button', { name: `Restock ${name} (+100)` }).click();
  await messageShown(page, INVENTORY_TEXTS.adjusted);
  await alerts.getByRole('link', { name }).waitFor({ state: 'detached' });
  await itemRow(page, name).waitFor({ state: 'detached' });

  await navigateInApp(page, `/inventory/${itemId}`);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByTestId('stock-available').getByText('101', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('low-stock-banner').count(), 0);
  await page.context().close();
});

test('an institution admin requests stock for a low item of their institution', async () => {
  const name = uniqueName('Saliva Kit ');
  const item = await createLowItem(name);
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, '/dashboard');
  // Inventory is not in an institution admin's menu (spec 3 §6); the dashboard's Low Stock Alert links here.
  await navigateInApp(page, '/inventory?low_stock=true');
  const row = itemRow(page, name);
  await row.waitFor();
  assert.equal(await page.getByRole('button', { name: 'Add Item' }).count(), 0);
  assert.equal(await row.getByRole('button', { name: 'Edit' }).count(), 0);
  await row.getByRole('button', { name: 'Request Item' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByText(item.item_name).waitFor();
  await dialog.getByText('Current available: 3 units').waitFor();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await dialog.getByLabel('Quantity Required').fill('');
  assert.equal(await confirm.isDisabled(), true, 'no quantity');
  await dialog.getByLabel('Quantity Required').fill('40');
  await screenshot(page, 'inventory-request');
  await confirm.click();
  await dialog.getByText(INVENTORY_MESSAGES.requested).waitFor();
  await screenshot(page, 'inventory-request-sent');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.context().close();

  // Northwind's client admin gets one e-mail, naming who asks for how many of what (spec 2 §2.1, Request Item).
  const subject = `Stock request: 40 × ${item.item_name} (${item.item_sku})`;
  const mails = await eventually(async () => {
    const received = (await sandboxMail(system, DEMO_ACCOUNTS.clientAdmin.email)).filter(
      (mail) => mail.subject === subject,
    );
    assert.equal(received.length, 1, `one "${subject}" in the SMTP sandbox`);
    return received;
  }, DELIVERY_WAIT_MS);
  assert.match(mails[0]!.text, /James Carter of Northwind General Hospital requests 40 units/);
});
