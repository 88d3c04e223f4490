/**
 * The web part of `npm run bench` (issue 9): starts the whole system (web/dist built if stale) and headless
 * Chromium, loads each page cold as a first-time visitor would, and reports the JavaScript and CSS it made the
 * browser download: the files are the ones Chromium fetched (lazy chunks included), their sizes the bytes the
 * gateway sends for each of identity, gzip and brotli. Then the first contentful paint of /login, /dashboard and
 * /patients (and when the page's heading showed), on loopback and on a throttled mobile network. Fails when the
 * sign-in page needs more than 250 kB of gzip'd JavaScript or another page more than 150 kB beyond what the sign-in page loaded, or where a page draws charts,
 * the charting library's own files more than 500 kB, or when /login, /dashboard or /patients first paints after 1.8 s
 * on loopback.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { z } from 'zod';
import { startStack } from '../dev/stack';
import {
  ENCODINGS,
  bytesOverTheWire,
  filesLoadedBy,
  newBenchContext,
  timePageLoad,
  type BenchRoute,
  type Bytes,
  type LoadedFile,
  type Network,
  type PageTimes,
} from './web-measure';

/** kB as Vite prints them: 1000 bytes. */
const KB = 1000;
const LOGIN_BUDGET_GZIP = 250 * KB;
const ROUTE_BUDGET_GZIP = 150 * KB;
/**
 * The charting library (@ant-design/plots on G2) is loaded only by the pages that draw charts, after their figures
 * and tables show: its files are counted apart from the page's, against a budget of their own
 * (docs/architecture.md §11).
 */
const CHARTS_BUDGET_GZIP = 500 * KB;
/** The module whose lazy chunk brings the charting library. */
const CHARTS_MODULE = 'src/features/analytics/components/PlotChart.tsx';
const MANIFEST_PATH = fileURLToPath(new URL('../../web/dist/.vite/manifest.json', import.meta.url));
const TIMING_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/**
 * The timed pages' median first contentful paint on loopback, cold: Web Vitals' "good" (1.8 s). On the throttled
 * network the times are printed, not judged: there the bytes decide, and their budgets are above.
 */
const FCP_BUDGET_MS = 1800;
/** BENCH_WEB_FILES=1 lists each page's files too, largest first, to see what a page pulls in. */
const LIST_FILES = process.env.BENCH_WEB_FILES === '1';
const SIGN_IN = { email: 'super@labline.test', password: 'labline-demo' };
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

const LOGIN: BenchRoute = { path: '/login', heading: 'Welcome to the product', signedIn: false };
const PATIENTS: BenchRoute = { path: '/patients', heading: 'Patients', signedIn: true };
const DASHBOARD: BenchRoute = { path: '/dashboard', heading: 'Dashboard Overview', signedIn: true };
const FIXED_ROUTES: readonly BenchRoute[] = [
  LOGIN,
  DASHBOARD,
  PATIENTS,
  { path: '/patients/new', heading: 'Add Patient', signedIn: true },
  { path: '/tests', heading: 'Test Requests', signedIn: true },
  { path: '/tests/new', heading: 'New Test Request', signedIn: true },
  { path: '/users', heading: 'Users', signedIn: true },
  { path: '/institutions', heading: 'Institutions', signedIn: true },
  { path: '/inventory', heading: 'Inventory Management', signedIn: true },
  { path: '/inventory/new', heading: 'Add New Inventory Item', signedIn: true },
  { path: '/fulfillment', heading: 'Fulfillment Management', signedIn: true },
  { path: '/results', heading: 'Test Results', signedIn: true },
  { path: '/results/new', heading: 'Enter New Test Result', signedIn: true },
  { path: '/cms', heading: 'CMS Management', signedIn: true },
  { path: '/cms/cron-monitoring', heading: 'Cron Job Monitoring', signedIn: true },
  { path: '/analytics', heading: 'Analytics', signedIn: true },
  { path: '/profile', heading: 'Profile Settings', signedIn: true },
  { path: '/contact', heading: 'Contact Us', signedIn: true },
];

/** GET on the API as the signed-in bench user. */
type ApiGet = (path: string) => Promise<unknown>;

/**
 * The detail pages, of the first record of each list in the demo data (their headings are the records' own):
 * a patient, a test request, an institution, a user, an inventory item, a fulfillment request, a test result.
 */
async function detailRoutes(get: ApiGet): Promise<BenchRoute[]> {
  const first = async <T>(path: string, key: string) => {
    const list = ((await get(path)) as Record<string, T[]>)[key];
    if (list === undefined || list.length === 0) throw new Error(`${path} answered no ${key} for the bench`);
    return list[0]!;
  };
  const patient = await first<{ id: number; first_name: string; last_name: string }>('/patients?limit=1', 'patients');
  const request = await first<{ id: number; display_id: string }>('/tests/requests?limit=1', 'requests');
  const institution = await first<{ id: number; name: string }>('/institutions', 'institutions');
  const user = await first<{ id: number; first_name: string; last_name: string }>('/users?limit=1', 'users');
  const item = await first<{ id: number; item_name: string }>('/inventory?limit=1', 'inventory');
  const fulfillment = await first<{ id: number }>('/fulfillment?limit=1', 'requests');
  const result = await first<{ id: number; display_id: string }>('/results?limit=1', 'results');
  return [
    { path: `/patients/${patient.id}`, heading: `${patient.first_name} ${patient.last_name}`, signedIn: true },
    { path: `/tests/${request.id}`, heading: request.display_id, signedIn: true },
    { path: `/institutions/${institution.id}`, heading: institution.name, signedIn: true },
    { path: `/users/${user.id}`, heading: `${user.first_name} ${user.last_name}`, signedIn: true },
    { path: `/inventory/${item.id}`, heading: item.item_name, signedIn: true },
    { path: `/fulfillment/${fulfillment.id}`, heading: 'Fulfillment Request Details', signedIn: true },
    { path: `/results/${result.id}`, heading: `Test Result ${result.display_id}`, signedIn: true },
  ];
}
const TIMED_ROUTES = [LOGIN, DASHBOARD, PATIENTS];
const NETWORKS: readonly Network[] = ['loopback', 'slow 4G'];

interface RouteReport {
  route: BenchRoute;
  files: LoadedFile[];
  js: Bytes;
  css: Bytes;
  /** JavaScript of the files this route loads that /login does not, the charting library's aside. */
  jsBeyondLogin: Bytes;
  /** The charting library's files, where the page draws charts. */
  charts: Bytes;
}

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);

/**
 * Which of a page's files are the charting library's, from the build's manifest (which chunk imports which): those
 * CHARTS_MODULE's chunk brings, statically or lazily, that the page's other files do not import themselves (a chunk
 * the charts share with another page's lazy code, such as html2canvas with the PDF labels, counts as the charts'
 * where only the charts loaded it).
 */
function chartFilesOf(): (loaded: readonly string[]) => Set<string> {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')));
  const chartsKey = Object.keys(manifest).find((key) => manifest[key]!.src === CHARTS_MODULE);
  if (chartsKey === undefined) throw new Error(`${CHARTS_MODULE} is not a chunk of its own in ${MANIFEST_PATH}`);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const reach = (roots: readonly string[], lazyToo: boolean) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key]!;
      for (const next of [...(chunk.imports ?? []), ...(lazyToo ? (chunk.dynamicImports ?? []) : [])]) visit(next);
    };
    roots.forEach(visit);
    return seen;
  };
  const charts = reach([chartsKey], true);
  return (loaded) => {
    const keys = loaded.flatMap((path) => keyOf.get(path) ?? []);
    const needed = reach(
      keys.filter((key) => !charts.has(key)),
      false,
    );
    return new Set(keys.filter((key) => charts.has(key) && !needed.has(key)).map((key) => `/${manifest[key]!.file}`));
  };
}

const kilobytes = (bytes: number) => (bytes / KB).toFixed(1);
const zero = (): Bytes => ({ identity: 0, gzip: 0, br: 0 });

function sum(files: readonly LoadedFile[], sizes: Map<string, Bytes>): Bytes {
  const total = zero();
  for (const file of files) for (const encoding of ENCODINGS) total[encoding] += sizes.get(file.path)![encoding];
  return total;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function printSizes(reports: readonly RouteReport[]): void {
  const bytes = (value: Bytes) => ENCODINGS.map((encoding) => kilobytes(value[encoding]).padStart(8)).join('');
  console.log(
    'JS and CSS per page, cold load, kB over the wire as the gateway sends them (files as Chromium fetched them):\n' +
      `  ${'route'.padEnd(18)}${'files'.padStart(6)}  ${'JS raw    gzip      br'.padStart(24)}  ` +
      `${'CSS raw    gzip      br'.padStart(24)}  ${'JS beyond /login gzip     br'.padStart(28)}  ` +
      `${'charts gzip'.padStart(11)}  Chromium received`,
  );
  for (const { route, files, js, css, jsBeyondLogin, charts } of reports) {
    const encodings = [...new Set(files.map((file) => file.chromium.encoding))].join('+');
    const received = files.reduce((total, file) => total + file.chromium.bytes, 0);
    const beyond =
      route === LOGIN
        ? '-'.padStart(28)
        : `${kilobytes(jsBeyondLogin.gzip).padStart(20)}${kilobytes(jsBeyondLogin.br).padStart(8)}`;
    console.log(
      `  ${route.path.padEnd(18)}${String(files.length).padStart(6)}  ${bytes(js)}  ${bytes(css)}  ${beyond}  ` +
        `${(charts.gzip === 0 ? '-' : kilobytes(charts.gzip)).padStart(11)}  ${kilobytes(received)} kB (${encodings})`,
    );
  }
}

function printFiles(
  reports: readonly RouteReport[],
  sizes: ReadonlyMap<string, Bytes>,
  loginPaths: ReadonlySet<string>,
) {
  for (const { route, files } of reports) {
    console.log(`${route.path}: files by gzip'd size (* not loaded by /login)`);
    for (const file of [...files].sort((a, b) => sizes.get(b.path)!.gzip - sizes.get(a.path)!.gzip)) {
      const bytes = sizes.get(file.path)!;
      const mark = loginPaths.has(file.path) ? ' ' : '*';
      console.log(`  ${mark} ${kilobytes(bytes.gzip).padStart(7)} ${kilobytes(bytes.br).padStart(7)}  ${file.path}`);
    }
  }
}

function printTimes(times: ReadonlyMap<string, PageTimes[]>): void {
  console.log(`First contentful paint and heading shown, cold load, median of ${TIMING_RUNS} (min-max), ms:`);
  for (const [key, runs] of times) {
    const describe = (values: number[]) =>
      `${median(values).toFixed(0).padStart(5)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
    console.log(
      `  ${key.padEnd(28)} FCP ${describe(runs.map((run) => run.firstContentfulPaint))}   ` +
        `heading ${describe(runs.map((run) => run.headingShown))}`,
    );
  }
}

/** Runs the web benchmark, prints its tables and returns whether every page is within its budget. */
export async function runWebBench(): Promise<boolean> {
  const stack = await startStack({});
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const signingIn = await newBenchContext(browser, stack.url);
    const page = await signingIn.newPage();
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(SIGN_IN.email);
    await page.getByLabel('Password', { exact: true }).fill(SIGN_IN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const get: ApiGet = async (path) => {
      const response = await signingIn.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok()) throw new Error(`GET /api${path} answered ${response.status()}`);
      return response.json();
    };
    const routes = [...FIXED_ROUTES, ...(await detailRoutes(get))];
    const session = await signingIn.storageState();
    await signingIn.close();

    const filesPerRoute = new Map<BenchRoute, LoadedFile[]>();
    for (const route of routes) {
      const context = await newBenchContext(browser, stack.url, route.signedIn ? session : undefined);
      filesPerRoute.set(route, await filesLoadedBy(context, route));
      await context.close();
    }
    const sizes = new Map<string, Bytes>();
    for (const file of [...filesPerRoute.values()].flat()) {
      if (sizes.has(file.path)) continue;
      const bytes = zero();
      for (const encoding of ENCODINGS) bytes[encoding] = await bytesOverTheWire(stack.url, file.path, encoding);
      sizes.set(file.path, bytes);
    }
    const loginPaths = new Set(filesPerRoute.get(LOGIN)!.map((file) => file.path));
    const chartFiles = chartFilesOf();
    const reports: RouteReport[] = [...filesPerRoute].map(([route, files]) => {
      const scripts = files.filter((file) => file.kind === 'script');
      const charting = chartFiles(scripts.map((file) => file.path));
      return {
        route,
        files,
        js: sum(scripts, sizes),
        css: sum(
          files.filter((file) => file.kind === 'stylesheet'),
          sizes,
        ),
        jsBeyondLogin: sum(
          scripts.filter((file) => !loginPaths.has(file.path) && !charting.has(file.path)),
          sizes,
        ),
        charts: sum(
          scripts.filter((file) => charting.has(file.path)),
          sizes,
        ),
      };
    });
    printSizes(reports);
    if (LIST_FILES) printFiles(reports, sizes, loginPaths);

    const times = new Map<string, PageTimes[]>();
    for (const network of NETWORKS) {
      for (const route of TIMED_ROUTES) {
        const runs: PageTimes[] = [];
        for (let run = 0; run < TIMING_RUNS; run += 1) {
          const context = await newBenchContext(browser, stack.url, route.signedIn ? session : undefined);
          runs.push(await timePageLoad(context, route, network));
          await context.close();
        }
        times.set(`${route.path} (${network})`, runs);
      }
    }
    printTimes(times);

    const slowPaints = TIMED_ROUTES.flatMap((route) => {
      const paint = median(times.get(`${route.path} (loopback)`)!.map((run) => run.firstContentfulPaint));
      return paint > FCP_BUDGET_MS
        ? [`${route.path}'s first contentful paint takes ${paint.toFixed(0)} ms (budget ${FCP_BUDGET_MS})`]
        : [];
    });
    const sizeFailures = reports.flatMap(({ route, js, jsBeyondLogin, charts }) => {
      if (charts.gzip > CHARTS_BUDGET_GZIP)
        return [
          `${route.path} loads ${kilobytes(charts.gzip)} kB of gzip'd charting library ` +
            `(budget ${kilobytes(CHARTS_BUDGET_GZIP)})`,
        ];
      if (route === LOGIN && js.gzip > LOGIN_BUDGET_GZIP)
        return [`${route.path} loads ${kilobytes(js.gzip)} kB of gzip'd JS (budget ${kilobytes(LOGIN_BUDGET_GZIP)})`];
      if (route !== LOGIN && jsBeyondLogin.gzip > ROUTE_BUDGET_GZIP)
        return [
          `${route.path} loads ${kilobytes(jsBeyondLogin.gzip)} kB of gzip'd JS beyond /login ` +
            `(budget ${kilobytes(ROUTE_BUDGET_GZIP)})`,
        ];
      return [];
    });
    const failures = [...sizeFailures, ...slowPaints];
    for (const failure of failures) console.error(`FAILED: ${failure}.`);
    if (failures.length === 0)
      console.log(
        `PASSED: /login within ${kilobytes(LOGIN_BUDGET_GZIP)} kB gzip'd JS, ` +
          `every other page within ${kilobytes(ROUTE_BUDGET_GZIP)} kB more, ` +
          `the charting library within ${kilobytes(CHARTS_BUDGET_GZIP)} kB where a page draws charts; ` +
          `${TIMED_ROUTES.map((route) => route.path).join(', ')} paint first within ${FCP_BUDGET_MS} ms on loopback.`,
      );
    return failures.length === 0;
  } finally {
    await browser.close();
    await stack.stop();
  }
}
