import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ERRORS, type ErrorBody } from '@labline/contracts';
import { ConcurrencyError } from '@labline/eventstore';

/** A failure whose status and text may be shown to the caller as they are. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function httpError(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message);
}

/** Fastify's own client errors, translated to the platform's texts. */
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, { status: number; error: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: ERRORS.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: ERRORS.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: ERRORS.unsupportedMediaType },
};

const ARTICLE_AN = new Set(['array', 'object', 'integer']);

function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * One issue as "<field>: <problem>". Zod's default texts ("Invalid input: expected string, received
 * undefined") are rephrased; texts written in the schemas ("must be a valid email address") are kept.
 */
function describeIssue(issue: FastifySchemaValidationError, context: string, input: unknown): string {
  const path = issue.instancePath.split('/').filter(Boolean);
  const params = issue.params as Record<string, unknown>;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
    return params.keys.map((key) => `${[...path, String(key)].join('.')}: is not allowed`).join('; ');
  }
  const field = path.length > 0 ? path.join('.') : context;
  let problem = issue.message ?? 'is invalid';
  if (issue.keyword === 'invalid_type') {
    const expected = typeof params.expected === 'string' ? params.expected : 'value';
    problem =
      valueAt(input, path) === undefined ? 'Required' : `must be ${ARTICLE_AN.has(expected) ? 'an' : 'a'} ${expected}`;
  }
  return `${field}: ${problem}`;
}

export function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const context = error.validationContext ?? 'body';
  const input: unknown =
    context === 'body'
      ? request.body
      : context === 'querystring'
        ? request.query
        : context === 'params'
          ? request.params
          : request.headers;
  const messages = (error.validation ?? []).map((issue) => describeIssue(issue, context, input));
  return [...new Set(messages)].join('; ') || `${context}: is invalid`;
}

/** Maps any thrown value to a status and the `{ error }` body; unexpected failures are logged, never shown. */
export function errorResponse(error: unknown, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) return { status: error.statusCode, body: { error: error.message } };
  if (error instanceof ConcurrencyError) {
    request.log.info({ stream: error.stream }, 'optimistic concurrency conflict');
    return { status: 409, body: { error: ERRORS.concurrencyConflict } };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    return { status: 400, body: { error: validationMessage(fastifyError as FastifyError, request) } };
  }
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { error: known.error } };
  // Other 4xx errors come from Fastify or its plugins (rate limit, content length) and carry safe texts.
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && fastifyError.message) {
    return { status, body: { error: fastifyError.message } };
  }
  // Only name, message and stack: driver errors may carry query values (e-mail addresses, hashes).
  const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
  request.log.error({ err: { type: name, message, stack }, requestId: request.id }, 'request failed');
  return { status: 500, body: { error: ERRORS.internal } };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = errorResponse(error, request);
  void reply.code(status).send(body);
}
