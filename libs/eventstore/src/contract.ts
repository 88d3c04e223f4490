/**
 * The contract every EventStore adapter passes (docs/architecture.md §4): run it from an adapter's integration test
 * with `runEventStoreContract('postgres', makeStore)`. Each case writes to fresh stream names, so one store
 * serves the whole suite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { describeOrderingContract } from './contract-ordering';
import { describeStreamContract } from './contract-streams';
import { ContractContext, type EventStoreUnderTest } from './contract-support';

export type { EventStoreUnderTest, OpenTransaction } from './contract-support';

export function runEventStoreContract(name: string, makeStore: () => Promise<EventStoreUnderTest>): void {
  describe(`EventStore contract: ${name}`, () => {
    const context = new ContractContext();
    beforeAll(async () => {
      context.harness = await makeStore();
    });
    afterAll(() => context.harness?.close());
    describeStreamContract(context);
    describeOrderingContract(context);
  });
}
