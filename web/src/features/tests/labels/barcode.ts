/**
 * Code 128 bars from bwip-js, as widths in modules, for the PDF to draw as vector rectangles: sharp at any
 * printer resolution, and the same in the browser and in Node (no canvas), so the tests check what users print.
 * bwip-js's generic build with the one symbology imported keeps the other hundred out of the bundle.
 */
import { code128, type DrawingContext } from 'bwip-js/generic';

export interface Bar {
  /** Left edge, in modules from the first bar. */
  start: number;
  width: number;
}

export interface BarcodeBars {
  /** From the first bar's left edge to the last bar's right edge (quiet zones not included). */
  modules: number;
  bars: Bar[];
}

/**
 * Rendered at two pixels per module, every bar is an even number of pixels wide and bwip-js gives its centre
 * line on a whole pixel: edges come out exact, with none of the half-pixel nudging odd widths get.
 */
const PIXELS_PER_MODULE = 2;

function barCollector(): DrawingContext<BarcodeBars> {
  const unexpected = (shape: string) => () => {
    throw new Error(`Code 128 drew a ${shape}: only bars were expected`);
  };
  const edges: { left: number; right: number }[] = [];
  return {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: () => undefined,
    line(x0, _y0, x1, _y1, lineWidth) {
      if (x0 !== x1) throw new Error('Code 128 drew a line that is not a vertical bar');
      edges.push({ left: x0 - lineWidth / 2, right: x0 + lineWidth / 2 });
    },
    polygon: unexpected('polygon'),
    hexagon: unexpected('hexagon'),
    ellipse: unexpected('ellipse'),
    fill: () => undefined,
    text: unexpected('text'),
    end() {
      const origin = Math.min(...edges.map((edge) => edge.left));
      const bars = edges
        .map((edge) => ({
          start: (edge.left - origin) / PIXELS_PER_MODULE,
          width: (edge.right - edge.left) / PIXELS_PER_MODULE,
        }))
        .sort((first, second) => first.start - second.start);
      const last = bars.at(-1);
      return { modules: last === undefined ? 0 : last.start + last.width, bars };
    },
  };
}

/** The Code 128 bars that encode `text` (bwip-js picks the code sets: digit runs as pairs in code C). */
export function code128Bars(text: string): BarcodeBars {
  return code128(
    { bcid: 'code128', text, scale: PIXELS_PER_MODULE, height: 1, includetext: false, padding: 0 },
    barCollector(),
  );
}
