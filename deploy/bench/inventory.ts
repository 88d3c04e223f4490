/**
 * The inventory list benchmark of issue 24: 5,000 items across 50 institutions (a tenth of them global), created
 * through the inventory service's own command path (events appended, the inline projections written), then
 * GET /inventory timed over real HTTP with real signed tokens for super_admin, a client_admin and an
 * institution_admin, with and without filters. Prints p50/p95/p99; fails when p99 misses 50 ms.
 */
import { performance } from 'node:perf_hooks';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_FILTER_CATEGORIES,
  INVENTORY_FILTER_LOCATIONS,
  type InventoryItemBody,
} from '@labline/contracts';
import type { DatabasePool } from '@labline/db';
import { service } from '@labline/inventory';
import { sql } from 'slonik';
import { INSTITUTION_ADMIN_ID, loadDirectory, SUPER_ADMIN_ID } from './load';
import { withBenchService } from './service';
import { random, timeRequests } from './stats';

const ITEMS = Number(process.env.BENCH_INVENTORY_ITEMS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 200;
const TARGET_P99_MS = 50;
const INSTITUTIONS = 50;
const CLIENT_ADMIN_ID = 3;
/** Items created at once through the API. */
const CREATE_CONCURRENCY = 4;

export async function runInventoryBench(): Promise<boolean> {
  const load = async ({ loader }: { loader: DatabasePool }) => {
    await loadDirectory(loader, INSTITUTIONS);
    await loader.query(sql.unsafe`
      INSERT INTO users (id, email, first_name, last_name, role, institution_id, clinician_institution_ids, is_active,
                         version)
      VALUES (${CLIENT_ADMIN_ID}, 'client@bench.test', 'Chris', 'Doyle', 'client_admin', 1, '{}', true, 0)`);
  };
  return withBenchService(service, { database: 'labline_bench_inventory', load }, async ({ address, keys }) => {
    const tokens = {
      super_admin: await keys.mintToken({ id: SUPER_ADMIN_ID, role: 'super_admin' }),
      client_admin: await keys.mintToken({ id: CLIENT_ADMIN_ID, role: 'client_admin', institution_id: 1 }),
      institution_admin: await keys.mintToken({
        id: INSTITUTION_ADMIN_ID,
        role: 'institution_admin',
        institution_id: 1,
      }),
    };
    const next = random(20_261_128);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const itemBody = (index: number): InventoryItemBody => {
      const threshold = 5 + Math.floor(next() * 40);
      return {
        item_name: `Item ${String(index).padStart(5, '0')} ${pick(['swab', 'kit', 'tube', 'gloves', 'cup'])}`,
        item_sku: `BEN-${index}`,
        category: pick(INVENTORY_CATEGORIES),
        quantity_available: Math.floor(next() * threshold * 3),
        minimum_threshold: threshold,
        location: pick(INVENTORY_FILTER_LOCATIONS),
        po_number: `PO-${index}`,
        institution_id: index % 10 === 0 ? null : 1 + (index % INSTITUTIONS),
      };
    };
    const loadStart = performance.now();
    let created = 0;
    await Promise.all(
      Array.from({ length: CREATE_CONCURRENCY }, async () => {
        while (created < ITEMS) {
          const index = created++;
          const response = await fetch(`${address}/inventory`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens.super_admin}`, 'content-type': 'application/json' },
            body: JSON.stringify(itemBody(index)),
          });
          if (response.status !== 201)
            throw new Error(`POST /inventory answered ${response.status}: ${await response.text()}`);
        }
      }),
    );
    const seconds = (performance.now() - loadStart) / 1000;
    console.log(
      `Created ${ITEMS.toLocaleString('en')} items across ${INSTITUTIONS} institutions with POST /inventory ` +
        `(${CREATE_CONCURRENCY} at a time) in ${seconds.toFixed(1)} s (${Math.round(ITEMS / seconds)} items/s).`,
    );

    return timeRequests({
      title: 'GET /inventory (filters + page, the server page size) over HTTP',
      next: () => {
        const role = pick(['super_admin', 'super_admin', 'client_admin', 'institution_admin'] as const);
        const query = new URLSearchParams({ page: String(1 + Math.floor(next() * 5)) });
        const filter = pick(['none', 'category', 'location', 'low stock', 'all three'] as const);
        if (filter === 'category' || filter === 'all three') query.set('category', pick(INVENTORY_FILTER_CATEGORIES));
        if (filter === 'location' || filter === 'all three') query.set('location', pick(INVENTORY_FILTER_LOCATIONS));
        if (filter === 'low stock' || filter === 'all three') query.set('low_stock', 'true');
        return { url: `${address}/inventory?${query.toString()}`, token: tokens[role], kind: `${filter}, ${role}` };
      },
      warmup: WARMUP,
      requests: REQUESTS,
      targetP99Ms: TARGET_P99_MS,
    });
  });
}
