/**
 * The laboratory sandbox: a small FHIR R4 server that takes orders as a transaction Bundle (or one resource at a
 * time), with conditional create on identifiers, and serves reads and searches. Each order's Task moves from
 * submitted to sample received to completed as time passes (computed when read, so nothing runs in between); on
 * completion the laboratory writes a final DiagnosticReport with one Observation per ordered LOINC code (values of
 * catalogue.ts). `POST /sandbox/behaviour` makes it fail (down: 503), refuse new orders (422), answer slowly, or
 * report a value for a code nobody ordered; `GET /sandbox/received` lists what it was sent.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bundle, BundleEntry, Patient, Reference, Resource, ServiceRequest, Task } from '@medplum/fhirtypes';
import { readBody, sendHtml, sendJson } from '@labline/sandbox-kit';
import { z } from 'zod';
import { LAB_TESTS, madeUpValue } from './catalogue';
import {
  businessStatus,
  capabilityStatement,
  diagnosticReport,
  FHIR_JSON,
  LOINC,
  observation,
  operationOutcome,
  searchset,
  SERVED_TYPES,
} from './fhir-shapes';
import { renderOrders } from './page';

export const FHIR_BASE_PATH = '/fhir/R4';

export const LAB_BEHAVIOUR_MODES = ['normal', 'down', 'refuse', 'slow'] as const;

/** `POST /sandbox/behaviour`'s body. */
export const labBehaviourSchema = z.strictObject({
  mode: z.enum(LAB_BEHAVIOUR_MODES),
  /** How long a slow answer waits (mode slow); 2000 ms when not given. */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** A LOINC code every report completed from now on also holds a value for, though nobody ordered it. */
  extraLoinc: z
    .string()
    .regex(/^\d{1,7}-\d$/, 'must be a LOINC code such as 2345-7')
    .nullable()
    .optional(),
});
export type LabBehaviourRequest = z.infer<typeof labBehaviourSchema>;

export interface LabBehaviour {
  mode: (typeof LAB_BEHAVIOUR_MODES)[number];
  delayMs: number;
  extraLoinc: string | null;
}

export interface LabSandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** From the order to the sample received. */
  sampleReceivedAfterMs?: number;
  /** From the order to the results, at least sampleReceivedAfterMs. */
  completeAfterMs?: number;
}

/** One order as the page and tests see it. */
export interface LabSandboxOrder {
  serviceRequestId: string;
  taskId: string;
  /** The ServiceRequest's first identifier value (Labline's TR-… id). */
  identifier: string;
  loincCodes: string[];
  status: string;
  createdAt: string;
  reportId: string | null;
}

export interface LabSandbox {
  /** The sandbox's address, e.g. http://127.0.0.1:1100. */
  url: string;
  /** The FHIR base for clients: `${url}/fhir/R4`. */
  fhirUrl: string;
  behave(behaviour: LabBehaviourRequest): LabBehaviour;
  /** Every resource a client sent (transaction Bundles and single creates), oldest first. */
  received(): Resource[];
  orders(): LabSandboxOrder[];
  stop(): Promise<void>;
}

class FhirFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface OrderRecord {
  serviceRequestId: string;
  taskId: string;
  created: number;
  reportId: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const key = (type: string, id: string) => `${type}/${id}`;

/** Does the resource carry the identifier of a token search (`system|value`, or a bare value)? */
function hasIdentifier(resource: Resource, token: string): boolean {
  const [system, value] = token.includes('|') ? token.split('|', 2) : [undefined, token];
  const identifiers = (resource as { identifier?: { system?: string; value?: string }[] }).identifier ?? [];
  return identifiers.some((identifier) => identifier.value === value && (!system || identifier.system === system));
}

const referencesOf = (resource: Resource, element: 'basedOn' | 'focus'): string[] => {
  const value = (resource as unknown as Record<string, unknown>)[element] as Reference | Reference[] | undefined;
  return (Array.isArray(value) ? value : value ? [value] : []).map((reference) => reference.reference ?? '');
};

/** Replaces each `reference` that names a bundle entry's fullUrl with the id the entry was given. */
function resolveReferences(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, ids));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      name,
      name === 'reference' && typeof item === 'string' && ids.has(item) ? ids.get(item) : resolveReferences(item, ids),
    ]),
  );
}

export async function startLabSandbox(options: LabSandboxOptions = {}): Promise<LabSandbox> {
  const sampleReceivedAfterMs = options.sampleReceivedAfterMs ?? 3000;
  const completeAfterMs = Math.max(options.completeAfterMs ?? 8000, sampleReceivedAfterMs);
  const store = new Map<string, Resource>();
  const orders: OrderRecord[] = [];
  const received: Resource[] = [];
  let behaviour: LabBehaviour = { mode: 'normal', delayMs: 2000, extraLoinc: null };
  let baseUrl = '';

  const get = <T extends Resource>(type: T['resourceType'], id: string) => store.get(key(type, id)) as T | undefined;
  function put(resource: Resource, at: number): Resource {
    const id = resource.id ?? randomUUID();
    const stored = {
      ...resource,
      id,
      meta: { versionId: String(Number(resource.meta?.versionId ?? 0) + 1), lastUpdated: new Date(at).toISOString() },
    } as Resource;
    store.set(key(stored.resourceType, id), stored);
    return stored;
  }

  /** The report of an order that has just completed: one Observation per ordered code, and the extra one. */
  function writeReport(order: OrderRecord, serviceRequest: ServiceRequest, at: number): string {
    const issued = new Date(at).toISOString();
    const orderKey = serviceRequest.identifier?.[0]?.value ?? serviceRequest.id ?? '';
    const codes = (serviceRequest.code?.coding ?? []).flatMap((coding) => (coding.code ? [coding.code] : []));
    if (behaviour.extraLoinc && !codes.includes(behaviour.extraLoinc)) codes.push(behaviour.extraLoinc);
    const basedOn = { reference: key('ServiceRequest', order.serviceRequestId) };
    const subject = (serviceRequest.subject ?? {}) as Reference<Patient>;
    const specimen = serviceRequest.specimen?.[0];
    const made = codes.map((loinc) => {
      // A code the catalogue does not hold (only an extraLoinc can be one) gets a glucose-like value.
      const test = LAB_TESTS[loinc] ?? { name: `LOINC ${loinc}`, unit: 'mg/dL', low: 70, high: 99, decimals: 0 };
      const value = madeUpValue(orderKey, loinc, test);
      const stored = put(observation({ loinc, test, made: value, subject, specimen, basedOn, issued }), at);
      return { reference: key('Observation', stored.id ?? ''), flag: value.flag };
    });
    const report = diagnosticReport({
      subject,
      specimen,
      basedOn,
      issued,
      results: made.map(({ reference }) => ({ reference })),
      outOfRange: made.filter(({ flag }) => flag !== 'N').length,
    });
    return put(report, at).id ?? '';
  }

  /** Brings an order's Task to where the time since the order puts it. */
  function advance(order: OrderRecord, now: number): void {
    const task = get<Task>('Task', order.taskId);
    const serviceRequest = get<ServiceRequest>('ServiceRequest', order.serviceRequestId);
    if (!task || !serviceRequest || task.status === 'completed') return;
    const elapsed = now - order.created;
    if (elapsed >= completeAfterMs) {
      const at = order.created + completeAfterMs;
      order.reportId = writeReport(order, serviceRequest, at);
      const output = [
        { type: { text: 'DiagnosticReport' }, valueReference: { reference: key('DiagnosticReport', order.reportId) } },
      ];
      put(
        {
          ...task,
          status: 'completed',
          businessStatus: businessStatus('results-available', 'Results available'),
          lastModified: new Date(at).toISOString(),
          output,
        },
        at,
      );
    } else if (elapsed >= sampleReceivedAfterMs && task.status !== 'in-progress') {
      const at = order.created + sampleReceivedAfterMs;
      put(
        {
          ...task,
          status: 'in-progress',
          businessStatus: businessStatus('sample-received', 'Sample received'),
          lastModified: new Date(at).toISOString(),
        },
        at,
      );
    }
  }

  const advanceAll = () => {
    const now = Date.now();
    for (const order of orders) advance(order, now);
  };

  /** What the laboratory refuses to take: no tests, tests it does not do, a Task that follows nothing. */
  function checkOrderResource(resource: Resource): void {
    if (behaviour.mode === 'refuse') {
      throw new FhirFailure(422, 'business-rule', 'The laboratory is not accepting orders at the moment');
    }
    if (resource.resourceType === 'ServiceRequest') {
      const codings = resource.code?.coding ?? [];
      const loinc = codings.filter((coding) => coding.system === LOINC && coding.code);
      if (loinc.length === 0)
        throw new FhirFailure(422, 'business-rule', 'The ServiceRequest orders no LOINC-coded test');
      const unknown = loinc.filter((coding) => !LAB_TESTS[coding.code ?? '']).map((coding) => coding.code);
      if (unknown.length > 0) {
        throw new FhirFailure(422, 'not-supported', `This laboratory does not perform LOINC ${unknown.join(', ')}`);
      }
      if (!resource.subject?.reference) throw new FhirFailure(422, 'required', 'The ServiceRequest has no subject');
    }
    if (resource.resourceType === 'Specimen' && !resource.identifier?.some((identifier) => identifier.value)) {
      throw new FhirFailure(422, 'required', 'The Specimen has no identifier (its barcode)');
    }
    if (resource.resourceType === 'Task' && !resource.focus?.reference) {
      throw new FhirFailure(422, 'required', 'The Task has no focus (the ServiceRequest it carries out)');
    }
  }

  /** The type and the identifier token of an If-None-Exist query (`identifier=system|value`). */
  function existing(type: string, ifNoneExist: string | undefined): Resource | undefined {
    if (!ifNoneExist) return undefined;
    const token = new URLSearchParams(ifNoneExist).get('identifier');
    if (!token) throw new FhirFailure(400, 'not-supported', `If-None-Exist supports identifier only: ${ifNoneExist}`);
    return [...store.values()].find((resource) => resource.resourceType === type && hasIdentifier(resource, token));
  }

  /** Creates the entries (or finds them, for a conditional create), all of them or none. */
  function createAll(entries: readonly { fullUrl?: string; resource: Resource; ifNoneExist?: string }[]) {
    const now = Date.now();
    const ids = new Map<string, string>();
    const planned = entries.map((entry) => {
      const type = entry.resource.resourceType;
      if (!(SERVED_TYPES as readonly string[]).includes(type)) {
        throw new FhirFailure(400, 'not-supported', `This laboratory does not take ${type} resources`);
      }
      const found = existing(type, entry.ifNoneExist);
      if (!found) checkOrderResource(entry.resource);
      const id = found?.id ?? randomUUID();
      if (entry.fullUrl) ids.set(entry.fullUrl, key(type, id));
      return { entry, found, id };
    });
    return planned.map(({ entry, found, id }) => {
      if (found) return { resource: found, status: '200 OK' };
      const resource = put({ ...(resolveReferences(entry.resource, ids) as Resource), id }, now);
      if (resource.resourceType === 'Task') {
        const [serviceRequest] = [...referencesOf(resource, 'focus'), ...referencesOf(resource, 'basedOn')]
          .filter((reference) => reference.startsWith('ServiceRequest/'))
          .map((reference) => reference.slice('ServiceRequest/'.length));
        if (serviceRequest) orders.push({ serviceRequestId: serviceRequest, taskId: id, created: now, reportId: null });
      }
      return { resource, status: '201 Created' };
    });
  }

  const location = (resource: Resource) =>
    `${key(resource.resourceType, resource.id ?? '')}/_history/${resource.meta?.versionId ?? '1'}`;

  function transaction(body: unknown): Bundle {
    const bundle = body as Bundle;
    if (bundle?.resourceType !== 'Bundle' || bundle.type !== 'transaction') {
      throw new FhirFailure(400, 'invalid', 'POST to the base takes a Bundle of type transaction');
    }
    const entries = (bundle.entry ?? []).map((entry: BundleEntry, index) => {
      if (!entry.resource || entry.request?.method !== 'POST') {
        throw new FhirFailure(400, 'not-supported', `entry ${index}: only POST entries with a resource are supported`);
      }
      return { fullUrl: entry.fullUrl, resource: entry.resource, ifNoneExist: entry.request.ifNoneExist };
    });
    const created = createAll(entries);
    return {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: created.map(({ resource, status }) => ({
        resource,
        response: {
          status,
          location: location(resource),
          etag: `W/"${resource.meta?.versionId ?? '1'}"`,
          lastModified: resource.meta?.lastUpdated,
        },
      })),
    };
  }

  function search(type: string, query: URLSearchParams): Bundle {
    const known = new Set(['identifier', 'based-on', '_include', '_count', '_format']);
    const unknown = [...query.keys()].filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new FhirFailure(400, 'not-supported', `Unknown search parameter(s): ${unknown.join(', ')}`);
    const identifier = query.get('identifier');
    const basedOn = query.get('based-on');
    const matches = [...store.values()].filter(
      (resource) =>
        resource.resourceType === type &&
        (identifier === null || hasIdentifier(resource, identifier)) &&
        (basedOn === null || referencesOf(resource, 'basedOn').includes(basedOn)),
    );
    const included =
      type === 'DiagnosticReport' && query.getAll('_include').includes('DiagnosticReport:result')
        ? matches.flatMap((report) =>
            ((report as { result?: Reference[] }).result ?? []).flatMap((reference) => {
              const found = store.get(reference.reference ?? '');
              return found ? [found] : [];
            }),
          )
        : [];
    return searchset(baseUrl, matches, included);
  }

  async function handleFhir(method: string, path: string, url: URL, request: http.IncomingMessage) {
    if (behaviour.mode === 'slow') await sleep(behaviour.delayMs);
    if (behaviour.mode === 'down') throw new FhirFailure(503, 'transient', 'The laboratory system is unavailable');
    advanceAll();
    const segments = path.split('/').filter(Boolean);
    if (method === 'GET' && segments[0] === 'metadata' && segments.length === 1) {
      return { status: 200, body: capabilityStatement(new Date().toISOString()) };
    }
    const parse = async () => {
      try {
        const resource = JSON.parse(await readBody(request)) as Resource;
        received.push(resource);
        return resource;
      } catch {
        throw new FhirFailure(400, 'structure', 'The body is not JSON');
      }
    };
    if (method === 'POST' && segments.length === 0) return { status: 200, body: transaction(await parse()) };
    const [type, id] = segments;
    if (!type || !/^[A-Z][A-Za-z]+$/.test(type) || segments.length > 2) {
      throw new FhirFailure(404, 'not-found', `No such endpoint: ${method} ${path || '/'}`);
    }
    if (method === 'POST' && id === undefined) {
      const resource = await parse();
      if (resource.resourceType !== type) throw new FhirFailure(400, 'invalid', `The body is not a ${type}`);
      const header = request.headers['if-none-exist'];
      const [created] = createAll([{ resource, ifNoneExist: Array.isArray(header) ? header[0] : header }]);
      return {
        status: created?.status === '201 Created' ? 201 : 200,
        body: created?.resource,
        location: created && location(created.resource),
      };
    }
    if (method === 'GET' && id === undefined) return { status: 200, body: search(type, url.searchParams) };
    if (method === 'GET' && id !== undefined) {
      const found = store.get(key(type, id));
      if (!found) throw new FhirFailure(404, 'not-found', `Resource ${type}/${id} is not known`);
      return { status: 200, body: found };
    }
    throw new FhirFailure(405, 'not-supported', `${method} is not supported here`);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const json = (status: number, body: unknown) => sendJson(response, status, body);
    if (method === 'GET' && (url.pathname === '/healthz' || url.pathname === '/readyz'))
      return json(200, { status: 'ok' });
    if (method === 'GET' && url.pathname === '/') {
      advanceAll();
      return sendHtml(response, renderOrders(listOrders(), behaviour, { sampleReceivedAfterMs, completeAfterMs }));
    }
    if (url.pathname === '/sandbox/behaviour' && method === 'GET') return json(200, behaviour);
    if (url.pathname === '/sandbox/behaviour' && method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        return json(400, { error: 'the body is not JSON' });
      }
      const parsed = labBehaviourSchema.safeParse(body);
      if (!parsed.success) {
        return json(400, {
          error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
        });
      }
      return json(200, behave(parsed.data));
    }
    if (method === 'GET' && url.pathname === '/sandbox/received') return json(200, { received });
    if (method === 'GET' && url.pathname === '/sandbox/orders') {
      advanceAll();
      return json(200, { orders: listOrders() });
    }
    if (url.pathname === FHIR_BASE_PATH || url.pathname.startsWith(`${FHIR_BASE_PATH}/`)) {
      const fhir = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': FHIR_JSON, 'cache-control': 'no-store', ...headers });
        response.end(JSON.stringify(body));
      };
      try {
        const answer = await handleFhir(method, url.pathname.slice(FHIR_BASE_PATH.length), url, request);
        return fhir(
          answer.status,
          answer.body,
          'location' in answer && answer.location ? { location: answer.location } : {},
        );
      } catch (error) {
        if (error instanceof FhirFailure) return fhir(error.status, operationOutcome(error.code, error.message));
        throw error;
      }
    }
    return json(404, { error: `nothing at ${url.pathname}` });
  }

  function behave(request: LabBehaviourRequest): LabBehaviour {
    behaviour = {
      mode: request.mode,
      delayMs: request.delayMs ?? 2000,
      extraLoinc: request.extraLoinc === undefined ? behaviour.extraLoinc : request.extraLoinc,
    };
    return behaviour;
  }

  function listOrders(): LabSandboxOrder[] {
    return orders.map((order) => {
      const serviceRequest = get<ServiceRequest>('ServiceRequest', order.serviceRequestId);
      return {
        serviceRequestId: order.serviceRequestId,
        taskId: order.taskId,
        identifier: serviceRequest?.identifier?.[0]?.value ?? '',
        loincCodes: (serviceRequest?.code?.coding ?? []).flatMap((coding) => (coding.code ? [coding.code] : [])),
        status: get<Task>('Task', order.taskId)?.status ?? 'unknown',
        createdAt: new Date(order.created).toISOString(),
        reportId: order.reportId,
      };
    });
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': FHIR_JSON });
      response.end(JSON.stringify(operationOutcome('exception', (error as Error).message)));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  baseUrl = `${url}${FHIR_BASE_PATH}`;

  return {
    url,
    fhirUrl: baseUrl,
    behave,
    received: () => [...received],
    orders: () => {
      advanceAll();
      return listOrders();
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
