/// <reference types="node" />
/**
 * The barcode scans back to the barcode number: bwip-js's own PNG rendering (its Node build) and the bars the
 * labels draw (code128Bars, printed at a thermal printer's 203 dpi) are both read by a real decoder (ZXing).
 */
import assert from 'node:assert/strict';
import { toBuffer } from 'bwip-js/node';
import { describe, test } from 'vitest';
import { code128Bars } from './barcode';
import { decodeCode128, pngLuminance, rasterizeBars } from './testing';

/** Letters, digits, both cases, symbols, a digit run (code C) and a single character. */
const BARCODE_NUMBERS = ['LBL-DEMO-0001', 'E2E-1732612345678-12', 'abcXYZ-09', '0042', '7', 'Lab #12/B (a+b)'];

/** 203 dpi, the common thermal label printer resolution. */
const PIXELS_PER_MM = 203 / 25.4;

describe('Code 128 barcodes', () => {
  test.each(BARCODE_NUMBERS)('bwip-js renders %s as a PNG that decodes back to it', async (barcodeNumber) => {
    const png = await toBuffer({ bcid: 'code128', text: barcodeNumber, scale: 2, height: 8, paddingwidth: 12 });
    assert.equal(decodeCode128(pngLuminance(png)), barcodeNumber);
  });

  test.each(BARCODE_NUMBERS)('the bars the labels draw for %s decode back to it', (barcodeNumber) => {
    const { bars } = code128Bars(barcodeNumber);
    const moduleMm = 0.25;
    const drawn = bars.map((bar) => ({ left: bar.start * moduleMm, width: bar.width * moduleMm }));
    assert.equal(decodeCode128(rasterizeBars(drawn, PIXELS_PER_MM, 10 * moduleMm)), barcodeNumber);
  });

  test('the bars are whole modules and add up to the symbol: 11 per character, start and check, 13 for stop', () => {
    // Code set B throughout: 'abc' is start + 3 characters + check, each 11 modules, and the 13-module stop.
    const { bars, modules } = code128Bars('abc');
    assert.equal(modules, 11 * 5 + 13);
    assert.ok(bars.every((bar) => Number.isInteger(bar.start) && Number.isInteger(bar.width) && bar.width >= 1));
    assert.ok(
      bars.every((bar, index) => index === 0 || bar.start > bars[index - 1]!.start + bars[index - 1]!.width - 1),
    );
    // Start B is bar 2, space 1, bar 1, space 2, bar 1, space 4.
    assert.deepEqual(bars.slice(0, 3), [
      { start: 0, width: 2 },
      { start: 3, width: 1 },
      { start: 6, width: 1 },
    ]);
  });
});
