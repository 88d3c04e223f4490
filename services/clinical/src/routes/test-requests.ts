import {
  canUseTestRequests,
  ERRORS,
  errorBodySchema,
  historyResponseSchema,
  idParamSchema,
  MESSAGES,
  messageResponseSchema,
  paginate,
  sendReminderBodySchema,
  testRequestBodySchema,
  testRequestListQuerySchema,
  testRequestListResponseSchema,
  testRequestResponseSchema,
  testRequestStatusBodySchema,
} from '@labline/contracts';
import { allow, appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archiveTestRequest,
  changeTestRequestStatus,
  createTestRequest,
  requestTestRequestNotification,
  updateTestRequest,
} from '../commands/test-requests';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const errors = { '4xx': errorBodySchema };
const withRequest = { 200: testRequestResponseSchema, ...errors };

/**
 * Test requests (spec 1 §2, §6, §7). Every route is for callers with the tests section, or results whose form
 * reads requests (the gateway's policy, checked again here); reads go through the caller-bound repository,
 * writes through the test request decider's rules. Changes answer the request as the detail shows it.
 */
export const testRequestRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', allow(canUseTestRequests));
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const visibleRequest = async (request: FastifyRequest, id: number) => {
      const found = await readsOf(request).testRequest(id);
      if (!found) throw httpError(404, ERRORS.testRequestNotFound);
      return found;
    };

    app.get(
      '/tests/requests',
      {
        schema: {
          querystring: testRequestListQuerySchema,
          response: { 200: testRequestListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { requests, total } = await readsOf(request).testRequests(request.query);
        return { requests, pagination: paginate(request.query.page, request.query.limit, total) };
      },
    );

    app.get('/tests/requests/:id', { schema: { params: idParamSchema, response: withRequest } }, async (request) => ({
      request: await visibleRequest(request, request.params.id),
    }));

    app.get(
      '/tests/requests/:id/history',
      { schema: { params: idParamSchema, response: { 200: historyResponseSchema, ...errors } } },
      async (request) => {
        const history = await readsOf(request).testRequestHistory(request.params.id);
        if (!history) throw httpError(404, ERRORS.testRequestNotFound);
        return { history };
      },
    );

    app.post(
      '/tests/requests',
      { schema: { body: testRequestBodySchema, response: { 201: testRequestResponseSchema, ...errors } } },
      async (request, reply) => {
        const id = await createTestRequest(context, callerOf(request), request.body, appendMetadata(request));
        void reply.code(201);
        return { request: await visibleRequest(request, id) };
      },
    );

    app.put(
      '/tests/requests/:id',
      { schema: { params: idParamSchema, body: testRequestBodySchema, response: withRequest } },
      async (request) => {
        const { id } = request.params;
        await updateTestRequest(context, callerOf(request), id, request.body, appendMetadata(request));
        return { request: await visibleRequest(request, id) };
      },
    );

    app.put(
      '/tests/requests/:id/status',
      { schema: { params: idParamSchema, body: testRequestStatusBodySchema, response: withRequest } },
      async (request) => {
        const { id } = request.params;
        await changeTestRequestStatus(context, callerOf(request), id, request.body.status, appendMetadata(request));
        return { request: await visibleRequest(request, id) };
      },
    );

    app.delete(
      '/tests/requests/:id',
      { schema: { params: idParamSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await archiveTestRequest(context, callerOf(request), request.params.id, appendMetadata(request));
        return { message: MESSAGES.testRequestArchived };
      },
    );

    app.post(
      '/tests/requests/:id/send-reminder',
      {
        schema: {
          params: idParamSchema,
          body: sendReminderBodySchema,
          response: { 202: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const message = request.body.custom_message ?? null;
        await requestTestRequestNotification(context, callerOf(request), id, message, appendMetadata(request));
        void reply.code(202);
        return { message: MESSAGES.notificationRequested };
      },
    );
  };
