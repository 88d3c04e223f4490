/**
 * `npm run bench`: the patient search benchmark of issue 3 (patients.ts), the inventory list of issue 24
 * (inventory.ts), the fulfillment list of issue 25 (fulfillment.ts), the results list and the PDF report of issue 26
 * (results.ts), the web app's bytes per page and first paint of issue 9 (web.ts), then the live dashboard's lag of
 * issue 23 (live.ts). Exits 1 when one misses its target. BENCH_ONLY=patients, inventory, fulfillment, results, web
 * or live runs one of them.
 */
import { runFulfillmentBench } from './fulfillment';
import { runInventoryBench } from './inventory';
import { runLiveBench } from './live';
import { runPatientBench } from './patients';
import { runResultsBench } from './results';
import { runWebBench } from './web';

const BENCHES = {
  patients: runPatientBench,
  inventory: runInventoryBench,
  fulfillment: runFulfillmentBench,
  results: runResultsBench,
  web: runWebBench,
  live: runLiveBench,
} as const;
const only = process.env.BENCH_ONLY;
if (only !== undefined && !(only in BENCHES))
  throw new Error(`BENCH_ONLY must be one of ${Object.keys(BENCHES).join(', ')}, not ${only}`);

for (const [name, bench] of Object.entries(BENCHES)) {
  if (only !== undefined && only !== name) continue;
  if (!(await bench())) process.exitCode = 1;
}
