/// <reference types="node" />
/**
 * Test helpers for the labels (never imported by the app): a real Code 128 decoder (ZXing) over a rendered PNG,
 * over bars drawn into a bitmap or over a PDF page rasterized by poppler, poppler's text of a PDF, and a reader of
 * jsPDF's uncompressed output.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/** A grey-scale image, one byte per pixel (0 black, 255 white), rows top to bottom. */
interface LuminanceImage {
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What a scanner reads from the image: ZXing told to look for Code 128 only. */
export function decodeCode128({ pixels, width, height }: LuminanceImage): string {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = reader.decode(
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height))),
    hints,
  );
  if (result.getBarcodeFormat() !== BarcodeFormat.CODE_128) throw new Error('not a Code 128 barcode');
  return result.getText();
}

/** A binary PGM (P5, 8 bits), as `pdftoppm -gray` writes it. */
function pgmLuminance(pgm: Buffer): LuminanceImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 64));
  if (header === null || header[3] !== '255') throw new Error('not an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = header[0].length;
  return { pixels: new Uint8ClampedArray(pgm.subarray(start, start + width * height)), width, height };
}

const run = promisify(execFile);

/** Runs `work` with the PDF written to a file of a fresh temporary folder, removed afterwards. */
async function withPdfFile<T>(pdf: Uint8Array, work: (file: string, folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'labline-labels-'));
  try {
    const file = join(folder, 'labels.pdf');
    await writeFile(file, pdf);
    return await work(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The PDF's pages as a printer of `dpi` puts them on paper, one pixel per dot: poppler's `pdftoppm -r <dpi>
 * -gray`, page by page.
 */
export function rasterizePdf(pdf: Uint8Array, dpi: number): Promise<LuminanceImage[]> {
  return withPdfFile(pdf, async (file, folder) => {
    await run('pdftoppm', ['-r', String(dpi), '-gray', file, join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((name) => name.endsWith('.pgm')).sort();
    return Promise.all(pages.map(async (name) => pgmLuminance(await readFile(join(folder, name)))));
  });
}

/**
 * The PDF's text as poppler's `pdftotext -raw` extracts it, in the order it was drawn (without -raw, pdftotext
 * joins a word broken after a hyphen and drops the hyphen).
 */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'])).stdout);
}

/** A PNG flattened onto white (bwip-js leaves the background transparent) as luminance. */
export function pngLuminance(png: Buffer): LuminanceImage {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.width * image.height);
  for (let index = 0; index < pixels.length; index += 1) {
    const [red, green, blue, alpha] = image.data.subarray(index * 4, index * 4 + 4);
    const luminance = (red! * 299 + green! * 587 + blue! * 114) / 1000;
    pixels[index] = 255 - ((255 - luminance) * alpha!) / 255;
  }
  return { pixels, width: image.width, height: image.height };
}

/** Bars as a label draws them: left edge and width, in millimetres. */
export interface DrawnBar {
  left: number;
  width: number;
}

/**
 * The bars painted black on white at `pixelsPerMm` (as a printer would), with white space of `quietMm` on each
 * side; each pixel column is black when its centre falls in a bar.
 */
export function rasterizeBars(bars: readonly DrawnBar[], pixelsPerMm: number, quietMm: number): LuminanceImage {
  const first = Math.min(...bars.map((bar) => bar.left));
  const last = Math.max(...bars.map((bar) => bar.left + bar.width));
  const origin = first - quietMm;
  const width = Math.ceil((last - first + 2 * quietMm) * pixelsPerMm);
  const height = 40;
  const row = new Uint8ClampedArray(width).fill(255);
  for (const bar of bars) {
    const from = Math.round((bar.left - origin) * pixelsPerMm);
    const to = Math.round((bar.left + bar.width - origin) * pixelsPerMm);
    row.fill(0, from, to);
  }
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(row, y * width);
  return { pixels, width, height };
}

export interface PdfPage {
  /** The MediaBox's width and height, in points. */
  widthPt: number;
  heightPt: number;
  /** The page's content stream (uncompressed output only). */
  content: string;
}

/** The pages of a PDF written by jsPDF with `compress: false`, in order. */
export function pdfPages(pdf: string): PdfPage[] {
  const streams = new Map<string, string>();
  for (const match of pdf.matchAll(/(\d+) 0 obj\s*<<\s*\/Length \d+\s*>>\s*stream\r?\n([\s\S]*?)endstream/g)) {
    streams.set(match[1]!, match[2]!);
  }
  return [...pdf.matchAll(/\/Type \/Page\s[^>]*?\/MediaBox \[([^\]]+)\][^>]*?\/Contents (\d+) 0 R/g)].map((match) => {
    const [, , widthPt, heightPt] = match[1]!.trim().split(/\s+/).map(Number);
    const content = streams.get(match[2]!);
    if (content === undefined) throw new Error(`page content ${match[2]} not found`);
    return { widthPt: widthPt!, heightPt: heightPt!, content };
  });
}

/** The strings a page shows (its `(…) Tj` operators), unescaped. */
export function pageTexts(page: PdfPage): string[] {
  return [...page.content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

export const POINT_IN_MM = 25.4 / 72;

/** The filled rectangles (`x y w h re`) of a page, as bars in millimetres. */
export function pageBars(page: PdfPage): DrawnBar[] {
  return [...page.content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((match) => ({
    left: Number(match[1]) * POINT_IN_MM,
    width: Number(match[3]) * POINT_IN_MM,
  }));
}
