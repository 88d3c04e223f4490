/**
 * results's routes are its contracts (ROUTE_CONTRACTS.results in libs/contracts/src/routes), installed with the kit's
 * `route` (the external laboratory's among them): no route registered without a contract and no contract without a route, on the service's app as
 * start-up builds it (its migrations on a fresh database).
 */
import assert from 'node:assert/strict';
import { it } from 'vitest';
import { routeContractGaps } from '@labline/service-kit/testing';
import { withoutLaboratory } from './resources';
import { service } from '../src/service';

it('installs every contract of results and no route without one', async () => {
  const { contracts, ...gaps } = await routeContractGaps(service, { resources: withoutLaboratory });
  assert.ok(contracts > 0, 'no contract of results in ROUTE_CONTRACTS');
  assert.deepEqual(gaps, { withoutContract: [], withoutRoute: [] });
});
