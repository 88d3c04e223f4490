/**
 * The contract every external laboratory adapter passes, whatever protocol it speaks: `describeProviderContract`
 * registers the tests in the calling file, against a laboratory the setup starts (a sandbox) and can make refuse
 * orders or fail. An adapter's integration test calls it once:
 *
 *   describeProviderContract('fhir', async () => ({ provider, markers, unreachableProvider, setLaboratory, … }));
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchResults } from './match';
import {
  OrderNotFoundError,
  ProviderDownError,
  ProviderRefusedError,
  type ExternalLabProvider,
  type ExternalOrderStatus,
  type LabOrder,
  type OrderedMarker,
} from './provider';

/** How the laboratory behind the provider answers: as it should, refusing every new order, or failing (5xx). */
export type LaboratoryState = 'normal' | 'refusing' | 'unavailable';

export interface ProviderContractSubject {
  /** The adapter under test, pointed at the laboratory. */
  provider: ExternalLabProvider;
  /** Markers the laboratory performs (two or more), with the LOINC codes and UCUM units it reports them in. */
  markers: readonly OrderedMarker[];
  /** The same adapter pointed where nothing answers (a closed port, a stopped laboratory). */
  unreachableProvider: ExternalLabProvider;
  setLaboratory(state: LaboratoryState): Promise<void>;
  /** The longest an order takes from submission to complete. */
  completeWithinMs: number;
  close(): Promise<void>;
}

/** The progression of a laboratory order; failed is outside it. */
const PROGRESSION: readonly ExternalOrderStatus[] = ['submitted', 'sample_received', 'complete'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A test request of its own for each test, so that tests never find each other's orders. */
export function contractOrder(markers: readonly OrderedMarker[], overrides: Partial<LabOrder> = {}): LabOrder {
  const testRequestId = randomInt(1, 2 ** 31 - 1);
  return {
    testRequestId,
    displayId: `TR-${String(testRequestId).padStart(6, '0')}`,
    barcode: `LBL${testRequestId}`,
    sampleType: 'Blood',
    priority: 'normal',
    orderedAt: new Date().toISOString(),
    patient: {
      id: 7,
      displayId: 'PAT-000007',
      firstName: 'Ada',
      lastName: 'Contract',
      birthDate: '1980-04-12',
      gender: 'female',
    },
    requester: { id: 3, name: 'Dr Grace Hopper' },
    markers,
    ...overrides,
  };
}

export function describeProviderContract(name: string, setup: () => Promise<ProviderContractSubject>): void {
  describe(`${name}: the external laboratory provider contract`, () => {
    let subject: ProviderContractSubject;

    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.close();
    });

    /** Reads the status until it is complete (or failed), answering every status seen, in order. */
    async function followUntilDone(externalId: string): Promise<ExternalOrderStatus[]> {
      const seen: ExternalOrderStatus[] = [];
      const deadline = Date.now() + subject.completeWithinMs + 5_000;
      for (;;) {
        const { status } = await subject.provider.readStatus(externalId);
        if (seen.at(-1) !== status) seen.push(status);
        if (status === 'complete' || status === 'failed') return seen;
        if (Date.now() > deadline)
          throw new Error(`${externalId} still ${status} after ${subject.completeWithinMs} ms`);
        await sleep(Math.max(10, Math.min(100, subject.completeWithinMs / 20)));
      }
    }

    test('a new order is submitted, with the laboratory id to follow it by', async () => {
      const state = await subject.provider.submitOrder(contractOrder(subject.markers));
      expect(state.status).toBe('submitted');
      expect(state.externalId).not.toBe('');
      expect(state.reason).toBeNull();
      expect(Number.isNaN(Date.parse(state.updatedAt))).toBe(false);
      expect((await subject.provider.readStatus(state.externalId)).externalId).toBe(state.externalId);
    });

    test('the same test request sent again is the same order', async () => {
      const order = contractOrder(subject.markers);
      const first = await subject.provider.submitOrder(order);
      const again = await subject.provider.submitOrder(order);
      expect(again.externalId).toBe(first.externalId);
      const other = await subject.provider.submitOrder(contractOrder(subject.markers));
      expect(other.externalId).not.toBe(first.externalId);
    });

    test('the order moves to sample received, then to complete', async () => {
      const { externalId } = await subject.provider.submitOrder(contractOrder(subject.markers));
      const seen = await followUntilDone(externalId);
      expect(seen).toContain('sample_received');
      expect(seen.at(-1)).toBe('complete');
      // Never backwards: each status seen comes later in the progression than the one before.
      const ranks = seen.map((status) => PROGRESSION.indexOf(status));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(ranks).not.toContain(-1);
    });

    test('no results before the order is complete; then a value for every ordered LOINC code, in its unit', async () => {
      const order = contractOrder(subject.markers, { priority: 'urgent' });
      const { externalId } = await subject.provider.submitOrder(order);
      expect(await subject.provider.fetchResults(externalId)).toBeNull();
      await followUntilDone(externalId);
      const results = await subject.provider.fetchResults(externalId);
      expect(results?.externalId).toBe(externalId);
      expect(Number.isNaN(Date.parse(results?.issuedAt ?? ''))).toBe(false);
      for (const marker of subject.markers) {
        const reported = results?.observations.filter((observation) => observation.loinc === marker.loinc);
        expect(reported, marker.loinc).toHaveLength(1);
        expect(typeof reported?.[0]?.value, marker.loinc).toBe('number');
        expect(reported?.[0]?.unitUcum, marker.loinc).toBe(marker.unitUcum);
      }
      const matched = matchResults(order, results!);
      expect(matched.refused).toEqual([]);
      expect(matched.accepted.map((result) => result.markerId).sort()).toEqual(
        subject.markers.map((marker) => marker.markerId).sort(),
      );
    });

    test('an order the laboratory never gave is not found', async () => {
      for (const unknown of ['labline-never-issued-0000', 'not a laboratory id/../x']) {
        await expect(subject.provider.readStatus(unknown)).rejects.toBeInstanceOf(OrderNotFoundError);
        await expect(subject.provider.fetchResults(unknown)).rejects.toBeInstanceOf(OrderNotFoundError);
      }
    });

    test('a laboratory that does not answer, or fails, is down (worth retrying)', async () => {
      const order = contractOrder(subject.markers);
      await expect(subject.unreachableProvider.submitOrder(order)).rejects.toBeInstanceOf(ProviderDownError);
      await expect(subject.unreachableProvider.readStatus('any-order')).rejects.toBeInstanceOf(ProviderDownError);
      const { externalId } = await subject.provider.submitOrder(order);
      await subject.setLaboratory('unavailable');
      try {
        await expect(subject.provider.submitOrder(contractOrder(subject.markers))).rejects.toBeInstanceOf(
          ProviderDownError,
        );
        await expect(subject.provider.readStatus(externalId)).rejects.toBeInstanceOf(ProviderDownError);
        await expect(subject.provider.fetchResults(externalId)).rejects.toBeInstanceOf(ProviderDownError);
      } finally {
        await subject.setLaboratory('normal');
      }
      // Back up, the order is where it was: the failure lost nothing.
      expect((await subject.provider.readStatus(externalId)).externalId).toBe(externalId);
    });

    test('an order the laboratory will not take is refused, with its reason', async () => {
      const empty = subject.provider.submitOrder(contractOrder([]));
      await expect(empty).rejects.toBeInstanceOf(ProviderRefusedError);
      await expect(empty).rejects.toThrow(/\w/);
      await subject.setLaboratory('refusing');
      try {
        await expect(subject.provider.submitOrder(contractOrder(subject.markers))).rejects.toBeInstanceOf(
          ProviderRefusedError,
        );
      } finally {
        await subject.setLaboratory('normal');
      }
      expect((await subject.provider.submitOrder(contractOrder(subject.markers))).status).toBe('submitted');
    });
  });
}
