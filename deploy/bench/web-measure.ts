/**
 * What one page load of the web app costs, measured in headless Chromium against the running gateway: the
 * scripts and stylesheets the browser fetched (as the network saw them, lazy chunks included), their bytes as
 * the gateway sends them for each Accept-Encoding, and the first contentful paint.
 */
import http from 'node:http';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

export const ENCODINGS = ['identity', 'gzip', 'br'] as const;
export type Encoding = (typeof ENCODINGS)[number];
export type Bytes = Record<Encoding, number>;

export interface LoadedFile {
  /** Path on the gateway, e.g. /assets/index-AbC123.js. */
  path: string;
  kind: 'script' | 'stylesheet';
  /** The Content-Encoding Chromium was sent and the body bytes it received with it. */
  chromium: { encoding: string; bytes: number };
}

export interface BenchRoute {
  path: string;
  /** The page's level-3 heading, shown once the page (not only the layout) has rendered. */
  heading: string;
  signedIn: boolean;
}

/** Lighthouse's mobile profile ("slow 4G"), where the bytes shipped decide how soon a page shows. */
export const SLOW_4G = { latency: 150, downloadThroughput: 1_638_400 / 8, uploadThroughput: 750_000 / 8 };

export type Network = 'loopback' | 'slow 4G';

export interface PageTimes {
  firstContentfulPaint: number;
  /** Until the route's heading is in the page: its lazy chunk loaded and rendered. */
  headingShown: number;
}

export async function newBenchContext(
  browser: Browser,
  baseURL: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  // a new context has its own empty HTTP cache: every load is a first visit
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  return context;
}

/** The page's globals as far as the heading watch needs them (the benchmark compiles without the DOM types). */
interface HeadingWatchGlobals {
  document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
  headingShownAt?: number;
}

/** Has the page note, at the DOM change that adds it, when the heading appears (ms from navigation start). */
async function watchForHeading(page: Page, heading: string): Promise<void> {
  await page.addInitScript((name) => {
    const window = globalThis as unknown as HeadingWatchGlobals;
    const observer = new window.MutationObserver(() => {
      if (
        ![...window.document.querySelectorAll('h1, h2, h3, h4')].some((element) =>
          element.textContent?.startsWith(name),
        )
      )
        return;
      window.headingShownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(window.document, { subtree: true, childList: true, characterData: true });
  }, heading);
}

/** When the heading appeared, once it has. */
async function headingShownAt(page: Page, heading: string): Promise<number> {
  try {
    const shown = await page.waitForFunction(
      () => (globalThis as unknown as HeadingWatchGlobals).headingShownAt ?? 0,
      undefined,
      { polling: 50 },
    );
    return (await shown.jsonValue()) as number;
  } catch (error) {
    // say where the page went instead (a sign-in page, an error screen), not only that the wait timed out
    const shows = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(unreadable)');
    throw new Error(`"${heading}" did not show on ${page.url()}, which shows: ${shows.slice(0, 300)}`, {
      cause: error,
    });
  }
}

/** Loads the route in the context and lists every script and stylesheet the browser fetched for it. */
export async function filesLoadedBy(context: BrowserContext, route: BenchRoute): Promise<LoadedFile[]> {
  const page = await context.newPage();
  const pending: Promise<LoadedFile | null>[] = [];
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    pending.push(
      (async () => {
        await response.finished();
        const sizes = await response.request().sizes();
        return {
          path: new URL(response.url()).pathname,
          kind,
          chromium: {
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
            bytes: sizes.responseBodySize,
          },
        };
      })(),
    );
  });
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    // The live dashboard's event stream stays open for as long as the page: it is no load to wait for.
    if (request.headers().accept !== 'text/event-stream') inFlight.add(request);
  });
  const settled = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await watchForHeading(page, route.heading);
  await page.goto(route.path);
  await headingShownAt(page, route.heading);
  await quietNetwork(page, inFlight);
  if (new URL(page.url()).pathname !== route.path) throw new Error(`${route.path} went to ${page.url()}`);
  const files = (await Promise.all(pending)).filter((file) => file !== null);
  await page.close();
  return files;
}

/** How long nothing may be in flight before the page counts as loaded (Playwright's networkidle waits 500 ms too). */
const QUIET_MS = 500;
const QUIET_TIMEOUT_MS = 30_000;

/** Waits until no request (but a long-lived event stream) has been in flight for QUIET_MS. */
async function quietNetwork(page: Page, inFlight: ReadonlySet<Request>): Promise<void> {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) {
      const open = [...inFlight].map((request) => new URL(request.url()).pathname).join(', ');
      throw new Error(`${page.url()} kept loading for ${QUIET_TIMEOUT_MS} ms (${open})`);
    }
    if (inFlight.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** The body bytes the gateway sends for the path when the client accepts only the given encoding. */
export function bytesOverTheWire(baseUrl: string, path: string, encoding: Encoding): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('error', reject);
      response.on('end', () => {
        const sent = response.headers['content-encoding'] ?? 'identity';
        if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
        else if (sent !== encoding && sent !== 'identity')
          reject(new Error(`${path} came as ${sent} when only ${encoding} was accepted`));
        else resolve(bytes);
      });
    });
    request.on('error', reject);
  });
}

/** One cold load of the route: its first contentful paint and when its heading showed, in ms from navigation. */
export async function timePageLoad(context: BrowserContext, route: BenchRoute, network: Network): Promise<PageTimes> {
  const page = await context.newPage();
  if (network === 'slow 4G') {
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  }
  await watchForHeading(page, route.heading);
  await page.goto(route.path);
  const headingShown = await headingShownAt(page, route.heading);
  const paint = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  );
  const firstContentfulPaint = (await paint.jsonValue()) as number;
  await page.close();
  return { firstContentfulPaint, headingShown };
}
