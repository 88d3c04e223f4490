import { EXTERNAL_LAB_ERRORS, RESULT_ERRORS, RESULTS_CONTRACTS, type Caller } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createResultForExternalLab,
  fetchExternalResults,
  submitExternalOrder,
  syncExternalOrder,
  type ExternalLabDependencies,
} from '../commands/external-orders';
import type { ResultsContext } from '../config';
import { externalApiStatus } from '../external-status';
import { resultsReads } from '../reads';

const contracts = RESULTS_CONTRACTS;

/**
 * The external laboratory (spec 1 §7 "Results and external lab", §8; issue 27): a result created for it, its API
 * status, a sync, and the provider's submit-order and fetch-results. The result roles within their institutions, as
 * for results (another institution's result or test request answers 404); a failed call to the laboratory is
 * recorded on the order and answered 502 with its reason.
 */
export const externalLabRoutes =
  (context: ResultsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: ExternalLabDependencies = { ...context, providers: context.resources.labProviders };
    const statusOf = async (caller: Caller, resultId: number) => {
      const status = await externalApiStatus(context, caller, resultId);
      if (!status) throw httpError(404, RESULT_ERRORS.notFound);
      return status;
    };

    route(app, contracts.createForExternalLab, async (request, reply) => {
      const caller = callerOf(request);
      const id = await createResultForExternalLab(
        context,
        caller,
        request.body.test_request_id,
        appendMetadata(request),
      );
      void reply.code(201);
      const created = await resultsReads(context, caller).result(id);
      if (!created) throw httpError(404, RESULT_ERRORS.notFound);
      return created;
    });

    route(app, contracts.apiStatus, async (request) => ({
      api_status: await statusOf(callerOf(request), request.params.id),
    }));

    route(app, contracts.syncStatus, async (request) => {
      const caller = callerOf(request);
      await syncExternalOrder(deps, caller, request.params.id, appendMetadata(request));
      return { api_status: await statusOf(caller, request.params.id) };
    });

    route(app, contracts.submitExternalOrder, async (request) => {
      const caller = callerOf(request);
      const { provider, testRequestId } = request.params;
      const { resultId, answer } = await submitExternalOrder(
        deps,
        caller,
        provider,
        testRequestId,
        appendMetadata(request),
      );
      // recorded: the order is failed with the reason, and may be submitted again
      if (!answer.ok) throw httpError(502, answer.reason);
      return { success: true, message: null, api_status: await statusOf(caller, resultId) };
    });

    route(app, contracts.fetchExternalResults, async (request) => {
      const caller = callerOf(request);
      const { provider, testRequestId } = request.params;
      const { resultId, received } = await fetchExternalResults(
        deps,
        caller,
        provider,
        testRequestId,
        appendMetadata(request),
      );
      return {
        success: received,
        message: received ? null : EXTERNAL_LAB_ERRORS.noResultsYet,
        api_status: await statusOf(caller, resultId),
      };
    });
  };
