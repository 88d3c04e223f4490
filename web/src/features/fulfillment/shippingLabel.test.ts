/// <reference types="node" />
/**
 * The shipping label (issue 25 item 5), built in Node by the same function the browser calls: one 4 × 6 inch page
 * whose text (poppler's pdftotext) holds the institution, the patient's name and full address, the tracking number,
 * the FUL- id, the item, SKU and quantity and the test request; whose bars are the shared Code 128 encoder's for the
 * id, in whole printer dots; and which a real decoder (ZXing) reads back from the page printed at 203 dpi.
 */
import assert from 'node:assert/strict';
import { FULFILLMENT_TEXTS, type FulfillmentRequestDetail } from '@labline/contracts';
import { describe, test } from 'vitest';
import { code128Bars } from '../../features/tests/labels/barcode';
import { dotMm } from '../../features/tests/labels/labelLayout';
import {
  POINT_IN_MM,
  decodeCode128,
  pageBars,
  pdfPages,
  pdfText,
  rasterizePdf,
} from '../../features/tests/labels/testing';
import { SHIPPING_LABEL, SHIPPING_LABEL_DPI, shippingLabelPdf } from './shippingLabel';
import { DELIVERED_REQUEST } from './testing';

/** A dispatched request, its patient with a full address. */
const REQUEST: FulfillmentRequestDetail = {
  ...DELIVERED_REQUEST,
  id: 123,
  display_id: 'FUL-000123',
  test_request_display_id: 'REQ-000077',
  status: 'dispatched',
  tracking_number: '1Z999AA10123456784',
  delivery_date: null,
  item_name: 'Capillary blood collection kit',
  item_sku: 'COL-CAP-101',
  patient_first_name: 'Amelia',
  patient_last_name: 'Thompson',
  patient: {
    ...DELIVERED_REQUEST.patient!,
    first_name: 'Amelia',
    last_name: 'Thompson',
    street_address_1: '14 Harbour View Road',
    street_address_2: 'Flat 3',
    city: 'Leeds',
    state: 'West Yorkshire',
    postal_code: 'LS1 4AB',
    country: 'United Kingdom',
  },
};

const pdfBytes = async (request: FulfillmentRequestDetail) =>
  new Uint8Array((await shippingLabelPdf(request)).output('arraybuffer'));

describe('the shipping label', () => {
  test('is named after the FUL- id', () => {
    assert.equal(FULFILLMENT_TEXTS.shippingLabelFileName(123), 'shipping-label-FUL-000123.pdf');
  });

  test('one 4 × 6 inch page with the sender, the address, the tracking number, the id and the kit', async () => {
    const pages = pdfPages((await shippingLabelPdf(REQUEST, { compress: false })).output());
    assert.equal(pages.length, 1);
    assert.ok(Math.abs(pages[0]!.widthPt * POINT_IN_MM - SHIPPING_LABEL.widthMm) < 0.01);
    assert.ok(Math.abs(pages[0]!.heightPt * POINT_IN_MM - SHIPPING_LABEL.heightMm) < 0.01);
    const lines = (await pdfText(await pdfBytes(REQUEST))).split('\n').map((line) => line.trim());
    for (const expected of [
      'Northwind General Hospital',
      'Amelia Thompson',
      '14 Harbour View Road',
      'Flat 3',
      'Leeds, West Yorkshire, LS1 4AB',
      'United Kingdom',
      '1Z999AA10123456784',
      'FUL-000123',
      'Item: Capillary blood collection kit',
      'SKU: COL-CAP-101',
      `Quantity: ${DELIVERED_REQUEST.quantity_requested}`,
      'Test request: REQ-000077',
    ]) {
      assert.ok(lines.includes(expected), `"${expected}" in ${JSON.stringify(lines)}`);
    }
  });

  test("draws the shared Code 128 encoder's bars for the id, every bar and space whole printer dots", async () => {
    const [page] = pdfPages((await shippingLabelPdf(REQUEST, { compress: false })).output());
    const drawn = pageBars(page!).sort((first, second) => first.left - second.left);
    const expected = code128Bars(REQUEST.display_id).bars;
    assert.equal(drawn.length, expected.length);
    const moduleMm = drawn[0]!.width / expected[0]!.width;
    const dots = moduleMm / dotMm(SHIPPING_LABEL_DPI);
    assert.ok(Math.abs(dots - Math.round(dots)) < 0.05 && Math.round(dots) >= 2, `${dots} dots a module`);
    drawn.forEach((bar, index) => {
      assert.ok(Math.abs(bar.left - drawn[0]!.left - expected[index]!.start * moduleMm) < 0.01, `bar ${index}`);
      assert.ok(Math.abs(bar.width - expected[index]!.width * moduleMm) < 0.01, `bar ${index} width`);
    });
  });

  test('scans back to its id when printed at 203 dpi', async () => {
    const [printed] = await rasterizePdf(await pdfBytes(REQUEST), SHIPPING_LABEL_DPI);
    assert.equal(decodeCode128(printed!), 'FUL-000123');
  });

  test('a long name and address wrap and are cut, never wider than the label; names outside Latin-1 print', async () => {
    const long = {
      ...REQUEST,
      patient_first_name: 'Łucja Maximiliana-Alexandrina',
      patient_last_name: 'Wolfeschlegelsteinhausenbergerdorff-Ōtsuka',
      patient: {
        ...REQUEST.patient!,
        street_address_1:
          'Apartment 1204, The Very Long Residential Tower Building Name, 1000 Extremely Long Street Name Avenue, North Quarter',
      },
    };
    const text = await pdfText(await pdfBytes(long));
    assert.match(text, /Lucja Maximiliana-Alexandrina/);
    assert.match(text, /Apartment 1204/);
    assert.match(text, /FUL-000123/);
  });
});
