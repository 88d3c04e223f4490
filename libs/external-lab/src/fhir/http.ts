/**
 * The FHIR REST calls, with the laboratory's failures as typed errors: no answer, a timeout or a 5xx is
 * ProviderDownError (worth retrying), a 404 or 410 on a read is OrderNotFoundError, any other 4xx (with its
 * OperationOutcome's words) is ProviderRefusedError. An answer that is not the FHIR JSON asked for counts as the
 * laboratory being out of order: ProviderDownError.
 */
import type { z } from 'zod';
import { OrderNotFoundError, ProviderDownError, ProviderRefusedError } from '../provider';
import { operationOutcomeSchema } from './schemas';

const FHIR_JSON = 'application/fhir+json';

export interface FhirHttpOptions {
  /** The FHIR base, e.g. http://127.0.0.1:1100/fhir/R4 (no trailing slash needed). */
  baseUrl: string;
  /** Each call's limit, the answer's body included. */
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

export interface FhirCall {
  method: 'GET' | 'POST';
  /** Relative to the base: `Task?based-on=…`, `ServiceRequest/abc`, `` for the transaction endpoint. */
  path: string;
  body?: unknown;
  /** What a 404 means: the order is unknown (reads) or the laboratory refuses the call (submission). */
  notFound: 'order' | 'refused';
}

/** The OperationOutcome's words, when the laboratory sent one. */
function outcomeText(body: unknown): string | null {
  const outcome = operationOutcomeSchema.safeParse(body);
  if (!outcome.success) return null;
  const texts = outcome.data.issue
    .map((issue) => issue.details?.text ?? issue.diagnostics ?? issue.code)
    .filter((text): text is string => Boolean(text));
  return texts.length > 0 ? texts.join('; ') : null;
}

/** The answer's JSON; undefined when it is empty or not JSON (the schema then finds it unreadable). */
function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function createFhirHttp(options: FhirHttpOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;

  /** Calls the laboratory and answers the body read with `schema`, or throws the typed error. */
  async function call<Schema extends z.ZodType>(request: FhirCall, schema: Schema): Promise<z.infer<Schema>> {
    const url = request.path ? `${base}/${request.path}` : base;
    const what = `${request.method} ${request.path || '/'}`;
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(url, {
        method: request.method,
        headers: {
          accept: FHIR_JSON,
          ...(request.body === undefined ? {} : { 'content-type': FHIR_JSON }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const cause = error as Error;
      const reason =
        cause.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : `unreachable (${cause.message})`;
      throw new ProviderDownError(`The laboratory is ${reason} for ${what}`, { cause });
    }
    const body = parseJson(text);
    const words = outcomeText(body);
    if (status >= 500) {
      throw new ProviderDownError(`The laboratory answered ${status} for ${what}${words ? `: ${words}` : ''}`);
    }
    if ((status === 404 || status === 410) && request.notFound === 'order') {
      throw new OrderNotFoundError(`The laboratory does not know ${request.path}${words ? `: ${words}` : ''}`);
    }
    if (status >= 400) {
      throw new ProviderRefusedError(words ?? `The laboratory refused ${what} with ${status}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ProviderDownError(`The laboratory's answer to ${what} is not the FHIR resource expected`);
    }
    return parsed.data;
  }

  return { call };
}

export type FhirHttp = ReturnType<typeof createFhirHttp>;
