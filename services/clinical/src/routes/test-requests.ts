import { CLINICAL_CONTRACTS, ERRORS, MESSAGES, paginate } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archiveTestRequest,
  changeTestRequestStatus,
  createTestRequest,
  requestTestRequestNotification,
  restoreTestRequest,
  updateTestRequest,
} from '../commands/test-requests';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const contracts = CLINICAL_CONTRACTS;

/**
 * Test requests (spec 1 §2, §6, §7). Every route is for callers with the tests section, or results whose form
 * reads requests (the contracts' guard, canUseTestRequests); reads go through the caller-bound repository,
 * writes through the test request decider's rules. Changes answer the request as the detail shows it.
 */
export const testRequestRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const visibleRequest = async (request: FastifyRequest, id: number) => {
      const found = await readsOf(request).testRequest(id);
      if (!found) throw httpError(404, ERRORS.testRequestNotFound);
      return found;
    };

    route(app, contracts.testRequests, async (request) => {
      const { requests, total } = await readsOf(request).testRequests(request.query);
      return { requests, pagination: paginate(request.query.page, request.query.limit, total) };
    });

    route(app, contracts.testRequest, async (request) => ({
      request: await visibleRequest(request, request.params.id),
    }));

    route(app, contracts.testRequestHistory, async (request) => {
      const history = await readsOf(request).testRequestHistory(request.params.id);
      if (!history) throw httpError(404, ERRORS.testRequestNotFound);
      return { history };
    });

    route(app, contracts.createTestRequest, async (request, reply) => {
      const id = await createTestRequest(context, callerOf(request), request.body, appendMetadata(request));
      void reply.code(201);
      return { request: await visibleRequest(request, id) };
    });

    route(app, contracts.updateTestRequest, async (request) => {
      const { id } = request.params;
      await updateTestRequest(context, callerOf(request), id, request.body, appendMetadata(request));
      return { request: await visibleRequest(request, id) };
    });

    route(app, contracts.changeTestRequestStatus, async (request) => {
      const { id } = request.params;
      const { status, custom_message } = request.body;
      const change = { status, message: custom_message ?? null };
      await changeTestRequestStatus(context, callerOf(request), id, change, appendMetadata(request));
      return { request: await visibleRequest(request, id) };
    });

    route(app, contracts.archiveTestRequest, async (request) => {
      await archiveTestRequest(context, callerOf(request), request.params.id, appendMetadata(request));
      return { message: MESSAGES.testRequestArchived };
    });

    route(app, contracts.restoreTestRequest, async (request) => {
      const { id } = request.params;
      await restoreTestRequest(context, callerOf(request), id, appendMetadata(request));
      return { request: await visibleRequest(request, id) };
    });

    route(app, contracts.sendTestRequestReminder, async (request, reply) => {
      const { id } = request.params;
      const message = request.body.custom_message ?? null;
      await requestTestRequestNotification(context, callerOf(request), id, message, appendMetadata(request));
      void reply.code(202);
      return { message: MESSAGES.notificationRequested };
    });
  };
