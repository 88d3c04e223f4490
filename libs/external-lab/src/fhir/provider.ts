/**
 * The FHIR R4 adapter (`{provider}` = 'fhir'): the order goes out as one transaction Bundle (order-bundle.ts), its
 * ServiceRequest's id is the order's external id, the Task based on it says where the order stands, and the final
 * DiagnosticReport based on it (with its Observations) holds the results.
 */
import type { ExternalLabProvider, ExternalResults, LabOrder, OrderState } from '../provider';
import { OrderNotFoundError, ProviderDownError, ProviderRefusedError } from '../provider';
import { createFhirHttp, type FhirHttp, type FhirHttpOptions } from './http';
import { orderBundle } from './order-bundle';
import { isFinalReport, orderStateOf, resultsOf } from './read';
import {
  anyResourceSchema,
  bundleSchema,
  diagnosticReportSchema,
  observationSchema,
  taskSchema,
  type FhirBundle,
  type FhirObservation,
} from './schemas';
import { FHIR_ID } from './systems';

export type FhirProviderOptions = FhirHttpOptions;

/** The id in a transaction answer's location (`ServiceRequest/abc/_history/1`) or in the resource it returned. */
function createdId(entry: FhirBundle['entry'][number] | undefined, type: string): string | undefined {
  if (entry?.resource?.resourceType === type && entry.resource.id) return entry.resource.id;
  const match = new RegExp(`(?:^|/)${type}/([A-Za-z0-9\\-.]{1,64})(?:/|$)`).exec(entry?.response?.location ?? '');
  return match?.[1];
}

/** The resources of a search answer of one type, newest first (by meta.lastUpdated). */
function resourcesOf(bundle: FhirBundle, type: string): Record<string, unknown>[] {
  const found = bundle.entry
    .map((entry) => entry.resource)
    .filter((resource): resource is NonNullable<typeof resource> => resource?.resourceType === type);
  const updated = (resource: Record<string, unknown>) =>
    String((resource.meta as { lastUpdated?: string } | undefined)?.lastUpdated ?? '');
  return found.sort((a, b) => updated(b).localeCompare(updated(a)));
}

function checkedId(externalId: string): string {
  if (!FHIR_ID.test(externalId)) throw new OrderNotFoundError(`${JSON.stringify(externalId)} is not a FHIR id`);
  return externalId;
}

/** Throws OrderNotFoundError unless the laboratory holds the order's ServiceRequest. */
async function assertOrderExists(http: FhirHttp, id: string): Promise<void> {
  await http.call({ method: 'GET', path: `ServiceRequest/${id}`, notFound: 'order' }, anyResourceSchema);
}

export function createFhirProvider(options: FhirProviderOptions): ExternalLabProvider {
  const http = createFhirHttp(options);

  async function readStatus(externalId: string): Promise<OrderState> {
    const id = checkedId(externalId);
    const bundle = await http.call(
      { method: 'GET', path: `Task?based-on=ServiceRequest/${id}`, notFound: 'order' },
      bundleSchema,
    );
    const [task] = resourcesOf(bundle, 'Task');
    if (!task) {
      await assertOrderExists(http, id);
      throw new ProviderRefusedError(`The laboratory holds ServiceRequest/${id} but no Task that follows it`);
    }
    const parsed = taskSchema.safeParse(task);
    if (!parsed.success) throw new ProviderDownError(`The laboratory's Task for ServiceRequest/${id} is unreadable`);
    return orderStateOf(id, parsed.data);
  }

  async function observationsOf(
    references: readonly string[],
    included: Map<string, unknown>,
  ): Promise<FhirObservation[]> {
    const observations: FhirObservation[] = [];
    for (const reference of references) {
      // Read one by one only what the laboratory did not include in the search answer.
      const resource =
        included.get(reference) ??
        (await http.call({ method: 'GET', path: reference, notFound: 'refused' }, anyResourceSchema));
      const parsed = observationSchema.safeParse(resource);
      if (!parsed.success) throw new ProviderDownError(`The laboratory's ${reference} is not a readable Observation`);
      observations.push(parsed.data);
    }
    return observations;
  }

  async function fetchResults(externalId: string): Promise<ExternalResults | null> {
    const id = checkedId(externalId);
    const bundle = await http.call(
      {
        method: 'GET',
        path: `DiagnosticReport?based-on=ServiceRequest/${id}&_include=DiagnosticReport:result`,
        notFound: 'order',
      },
      bundleSchema,
    );
    const reports = resourcesOf(bundle, 'DiagnosticReport').map((resource) => {
      const parsed = diagnosticReportSchema.safeParse(resource);
      if (!parsed.success)
        throw new ProviderDownError(`The laboratory's report for ServiceRequest/${id} is unreadable`);
      return parsed.data;
    });
    const report = reports.find((candidate) => isFinalReport(candidate.status));
    if (!report) {
      // Nothing final yet, or no order at all: the latter is OrderNotFoundError.
      await assertOrderExists(http, id);
      return null;
    }
    const included = new Map(
      resourcesOf(bundle, 'Observation').map((resource) => [`Observation/${String(resource.id)}`, resource] as const),
    );
    const references = (report.result ?? [])
      .map((result) => result.reference)
      .filter((reference): reference is string => reference !== undefined);
    return resultsOf(id, report, await observationsOf(references, included));
  }

  return {
    name: 'fhir',

    async submitOrder(order: LabOrder): Promise<OrderState> {
      const answer = await http.call(
        { method: 'POST', path: '', body: orderBundle(order), notFound: 'refused' },
        bundleSchema,
      );
      // The answer's entries follow the transaction's: Patient, Specimen, ServiceRequest, Task.
      const serviceRequestId = createdId(answer.entry[2], 'ServiceRequest');
      if (!serviceRequestId) {
        throw new ProviderDownError("The laboratory's answer to the order names no ServiceRequest it created");
      }
      const task = taskSchema.safeParse(answer.entry[3]?.resource);
      return task.success ? orderStateOf(serviceRequestId, task.data) : readStatus(serviceRequestId);
    },

    readStatus,
    fetchResults,
  };
}
