import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { contractsOf } from '@labline/contracts';
import { contractCoverage } from '@labline/service-kit';
import { startIdentity, type IdentityTestContext } from './harness';

let identity: IdentityTestContext;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

it('installs every contract of identity and no route without one', () => {
  const contracts = contractsOf('identity').map(({ route }) => route);
  assert.deepEqual(contractCoverage(identity.app, contracts), { withoutContract: [], withoutRoute: [] });
});
