import { FULFILLMENT_CONTRACTS, FULFILLMENT_ERRORS, paginate } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignRequest, changeStatus, requestReplacement } from '../commands/requests';
import type { FulfillmentContext } from '../config';
import { fulfillmentReads } from '../reads';

const contracts = FULFILLMENT_CONTRACTS;

/**
 * Fulfillment requests (spec 2 §2.5–2.6, §7). Every read goes through the caller-bound repository (another
 * institution's request answers 404 as an unknown one does); every write through the request decider's rules.
 */
export const fulfillmentRoutes =
  (context: FulfillmentContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => fulfillmentReads(context, callerOf(request));
    const visibleRequest = async (request: FastifyRequest, id: number) => {
      const found = await readsOf(request).request(id);
      if (!found) throw httpError(404, FULFILLMENT_ERRORS.notFound);
      return found;
    };

    route(app, contracts.list, async (request) => {
      const { requests, total } = await readsOf(request).list(request.query);
      return { requests, pagination: paginate(request.query.page, request.query.limit, total) };
    });

    route(app, contracts.item, async (request) => visibleRequest(request, request.params.id));

    route(app, contracts.updateStatus, async (request) => {
      const { id } = request.params;
      await changeStatus(context, callerOf(request), id, request.body, appendMetadata(request));
      return visibleRequest(request, id);
    });

    route(app, contracts.assign, async (request) => {
      const { id } = request.params;
      await assignRequest(context, callerOf(request), id, request.body.assigned_to, appendMetadata(request));
      return visibleRequest(request, id);
    });

    route(app, contracts.create, async (request, reply) => {
      const id = await requestReplacement(context, callerOf(request), request.body, appendMetadata(request));
      void reply.code(201);
      return visibleRequest(request, id);
    });
  };
