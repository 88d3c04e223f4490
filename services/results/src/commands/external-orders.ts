/**
 * The external laboratory's calls (spec 1 §7; issue 27): create a result for the laboratory, submit its order, sync
 * its status, fetch its results, each from the panel or (the last two) from the background poll. The laboratory is
 * called outside any transaction; what it answered is then decided on the order's stream and appended, so a
 * laboratory that is down or slow holds no lock and blocks nothing else (its calls time out in the adapter).
 */
import { randomUUID } from 'node:crypto';
import {
  EXTERNAL_LAB_ERRORS,
  EXTERNAL_LAB_TEXTS,
  EXTERNAL_ORDER_EVENT_SCHEMAS,
  parseEventData,
  markerTemplate,
  RESULT_ERRORS,
  SYSTEM_ACTOR,
  type Caller,
  type ExternalLabProviderName,
  type ExternalLabStatus,
  type ExternalOrderEventType,
} from '@labline/contracts';
import type { AppendMetadata, EventStore } from '@labline/eventstore';
import { ExternalLabError, matchResults, type ExternalLabProvider } from '@labline/external-lab';
import { httpError } from '@labline/service-kit';
import {
  externalOrderDecider,
  followUpRefusal,
  submissionRefusal,
  type LabAnswer,
} from '../domain/external-order/decide';
import { externalOrderStream, type ExternalOrderEvent } from '../domain/external-order/events';
import { externalResultContent } from '../domain/external-order/results';
import {
  evolveExternalOrder,
  initialExternalOrderState,
  type ExternalOrderState,
} from '../domain/external-order/state';
import { resultDecider } from '../domain/result/decide';
import { resultStream } from '../domain/result/events';
import {
  labOrderOf,
  resultContentOf,
  resultOrderFacts,
  testRequestVisible,
  type ResultOrderFacts,
} from '../projections/external-orders/queries';
import { entryFacts } from '../projections/results/queries';
import { enterResult, type CommandDependencies } from './results';

/** The adapters this service has, by the `{provider}` that names them. */
export type LabProviders = ReadonlyMap<ExternalLabProviderName, ExternalLabProvider>;

export type ExternalLabDependencies = CommandDependencies & { store: EventStore; providers: LabProviders };

/** The order's state, folded from its stream. */
export async function externalOrderState(store: EventStore, resultId: number): Promise<ExternalOrderState> {
  const events = await store.readStream(externalOrderStream(resultId));
  return events.reduce((state, event) => {
    const type = event.type as ExternalOrderEventType;
    const data = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, type, event.data);
    return evolveExternalOrder(state, { type, data } as ExternalOrderEvent);
  }, initialExternalOrderState());
}

/** The metadata of the poll's events: the system's, one correlation per order and pass. */
export const pollMetadata = (resultId: number): AppendMetadata => ({
  actor: SYSTEM_ACTOR,
  correlationId: `external-lab-poll-${resultId}-${randomUUID()}`,
  causationId: null,
  traceparent: null,
});

/** A failed call as the order records it: the laboratory down (worth a retry) or refusing, in its words. */
function failureOf(error: unknown): Extract<LabAnswer, { ok: false }> {
  if (error instanceof ExternalLabError && error.kind === 'refused') {
    return { ok: false, reason: EXTERNAL_LAB_ERRORS.refused(error.message), retryable: false };
  }
  if (error instanceof ExternalLabError && error.kind === 'not_found') {
    return { ok: false, reason: EXTERNAL_LAB_ERRORS.orderUnknown, retryable: true };
  }
  const reason = error instanceof Error && error.message !== '' ? error.message : 'no answer';
  return { ok: false, reason: EXTERNAL_LAB_ERRORS.providerDown(reason), retryable: true };
}

function providerOf(providers: LabProviders, name: ExternalLabProviderName): ExternalLabProvider {
  const provider = providers.get(name);
  if (!provider) throw httpError(503, EXTERNAL_LAB_ERRORS.providerNotConfigured(name));
  return provider;
}

/** The facts of a test request's result the caller sees: 404 for a request they do not see, 409 without a result. */
async function factsByTestRequest(deps: ExternalLabDependencies, caller: Caller, testRequestId: number) {
  const facts = await resultOrderFacts(deps.pool, caller, { testRequestId });
  if (facts) return facts;
  if (await testRequestVisible(deps.pool, caller, testRequestId)) throw httpError(409, EXTERNAL_LAB_ERRORS.noResult);
  throw httpError(404, RESULT_ERRORS.testRequestNotFound);
}

/** POST /results/create: the test request's result as a draft of its marker template, for the laboratory to fill. */
export async function createResultForExternalLab(
  deps: CommandDependencies,
  caller: Caller,
  testRequestId: number,
  metadata: AppendMetadata,
): Promise<number> {
  const { markers } = await entryFacts(deps.pool, testRequestId);
  const template = markerTemplate(markers);
  return enterResult(
    deps,
    caller,
    {
      test_request_id: testRequestId,
      result_data: template.trim() === '' ? EXTERNAL_LAB_TEXTS.awaitingResults : template,
      result_values: null,
      interpretation: null,
      status: undefined,
      amendment_reason: null,
    },
    metadata,
  );
}

/**
 * POST /external-api/{provider}/submit-order/{testRequestId}: the order to the laboratory. A failure is recorded
 * (the order failed with its reason, a retry allowed) and answered 502 with the reason.
 */
export async function submitExternalOrder(
  deps: ExternalLabDependencies,
  caller: Caller,
  providerName: ExternalLabProviderName,
  testRequestId: number,
  metadata: AppendMetadata,
): Promise<{ resultId: number; answer: LabAnswer }> {
  const facts = await factsByTestRequest(deps, caller, testRequestId);
  const refusal = submissionRefusal(facts, await externalOrderState(deps.store, facts.resultId));
  if (refusal !== null) throw httpError(409, refusal);
  const provider = providerOf(deps.providers, providerName);
  const { order, markersWithoutCode } = await labOrderOf(deps.pool, facts.resultId);
  const [uncoded] = markersWithoutCode;
  if (uncoded !== undefined) throw httpError(409, EXTERNAL_LAB_ERRORS.noLoinc(uncoded));
  let answer: LabAnswer;
  try {
    const state = await provider.submitOrder(order);
    answer = { ok: true, externalLabId: state.externalId, status: state.status, reason: state.reason };
  } catch (error) {
    answer = failureOf(error);
  }
  const markers = order.markers.map((marker) => ({
    marker_id: marker.markerId,
    loinc: marker.loinc,
    unit_ucum: marker.unitUcum,
  }));
  await deps.commands.handleCommand({
    stream: externalOrderStream(facts.resultId),
    decider: externalOrderDecider,
    command: { type: 'RecordSubmission', data: { facts, provider: providerName, markers, answer } },
    metadata,
  });
  return { resultId: facts.resultId, answer };
}

/** What the laboratory says of an order now, recorded when it moved (or, for a sync, that it was asked). */
async function recordLabStatus(
  deps: ExternalLabDependencies,
  facts: ResultOrderFacts,
  state: ExternalOrderState,
  explicit: boolean,
  metadata: AppendMetadata,
): Promise<ExternalLabStatus> {
  const provider = providerOf(deps.providers, state.provider ?? 'fhir');
  const lab = await provider.readStatus(state.externalLabId ?? '').catch((error: unknown) => {
    throw httpError(502, failureOf(error).reason);
  });
  await deps.commands.handleCommand({
    stream: externalOrderStream(facts.resultId),
    decider: externalOrderDecider,
    command: {
      type: 'RecordLabStatus',
      data: {
        facts,
        explicit,
        answer: { ok: true, externalLabId: lab.externalId, status: lab.status, reason: lab.reason },
      },
    },
    metadata,
  });
  return lab.status;
}

/** POST /results/{id}/sync-status: asks the laboratory where the order stands. */
export async function syncExternalOrder(
  deps: ExternalLabDependencies,
  caller: Caller,
  resultId: number,
  metadata: AppendMetadata,
): Promise<void> {
  const facts = await resultOrderFacts(deps.pool, caller, { resultId });
  if (!facts) throw httpError(404, RESULT_ERRORS.notFound);
  const state = await externalOrderState(deps.store, resultId);
  const refusal = followUpRefusal(facts, state, false);
  if (refusal !== null) throw httpError(409, refusal);
  await recordLabStatus(deps, facts, state, true, metadata);
}

/**
 * The order's status, then its results once the laboratory has them: the values matched to the ordered markers go
 * into the result's draft (ResultUpdated, by the system), then the order records what was taken and what refused.
 * Answers whether the results came in.
 */
async function followUp(
  deps: ExternalLabDependencies,
  facts: ResultOrderFacts,
  metadata: AppendMetadata,
): Promise<boolean> {
  const state = await externalOrderState(deps.store, facts.resultId);
  const status = await recordLabStatus(deps, facts, state, false, metadata);
  if (status !== 'complete') return false;
  const provider = providerOf(deps.providers, state.provider ?? 'fhir');
  const results = await provider.fetchResults(state.externalLabId ?? '').catch((error: unknown) => {
    throw httpError(502, failureOf(error).reason);
  });
  if (results === null) return false;
  const current = await resultContentOf(deps.pool, facts.resultId);
  const names = new Map(current.markers.map((marker) => [marker.marker_id, marker.name]));
  // matched against the markers as they were sent (the catalogue may have changed since)
  const sent = state.markers.map((marker) => ({
    markerId: marker.marker_id,
    name: names.get(marker.marker_id) ?? marker.loinc,
    loinc: marker.loinc,
    unitUcum: marker.unit_ucum,
  }));
  const { order } = await labOrderOf(deps.pool, facts.resultId);
  const matched = matchResults({ ...order, markers: sent }, results);
  const accepted = matched.accepted.map((value) => {
    const marker = sent.find((candidate) => candidate.markerId === value.markerId);
    return {
      marker_id: value.markerId,
      loinc: marker?.loinc ?? '',
      name: marker?.name ?? '',
      value: String(value.value),
      unit: value.unitUcum,
    };
  });
  const refused = matched.refused;
  await deps.commands.handleCommand({
    stream: resultStream(facts.resultId),
    decider: resultDecider,
    command: {
      type: 'RecordExternalResults',
      data: {
        resultId: facts.resultId,
        content: externalResultContent(current.markers, accepted, results.conclusion, current),
      },
    },
    metadata,
  });
  await deps.commands.handleCommand({
    stream: externalOrderStream(facts.resultId),
    decider: externalOrderDecider,
    command: { type: 'RecordResults', data: { facts, issuedAt: results.issuedAt, accepted, refused } },
    metadata,
  });
  return true;
}

/** POST /external-api/{provider}/fetch-results/{testRequestId}: answers whether the results came in. */
export async function fetchExternalResults(
  deps: ExternalLabDependencies,
  caller: Caller,
  providerName: ExternalLabProviderName,
  testRequestId: number,
  metadata: AppendMetadata,
): Promise<{ resultId: number; received: boolean }> {
  const facts = await factsByTestRequest(deps, caller, testRequestId);
  const state = await externalOrderState(deps.store, facts.resultId);
  const refusal = followUpRefusal(facts, state, true);
  if (refusal !== null) throw httpError(409, refusal);
  if (state.provider !== providerName) throw httpError(409, EXTERNAL_LAB_ERRORS.otherProvider(state.provider ?? ''));
  return { resultId: facts.resultId, received: await followUp(deps, facts, metadata) };
}

/** The poll's step for one order (the system's): its status, and its results once there. */
export async function pollExternalOrder(deps: ExternalLabDependencies, resultId: number): Promise<boolean> {
  const facts = await resultOrderFacts(deps.pool, null, { resultId });
  if (!facts) return false;
  const state = await externalOrderState(deps.store, resultId);
  if (followUpRefusal(facts, state, true) !== null) return false;
  return followUp(deps, facts, pollMetadata(resultId));
}
