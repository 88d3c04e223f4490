import { paginate, RESULT_ERRORS, RESULTS_CONTRACTS } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enterResult, reviewResult, saveResult } from '../commands/results';
import type { ResultsContext } from '../config';
import { resultsReads } from '../reads';
import { attachment, resultReportPdf } from '../report/pdf';

const contracts = RESULTS_CONTRACTS;

/**
 * Test results (spec 2 §2.7–2.9, §7, §8). Every read goes through the caller-bound repository (another
 * institution's result answers 404 as an unknown one does); every write through the result decider's rules.
 */
export const resultsRoutes =
  (context: ResultsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => resultsReads(context, callerOf(request));
    const visibleResult = async (request: FastifyRequest, id: number) => {
      const found = await readsOf(request).result(id);
      if (!found) throw httpError(404, RESULT_ERRORS.notFound);
      return found;
    };

    route(app, contracts.list, async (request) => {
      const { results, total, counts } = await readsOf(request).list(request.query);
      return { results, counts, pagination: paginate(request.query.page, request.query.limit, total) };
    });

    route(app, contracts.item, async (request) => visibleResult(request, request.params.id));

    route(app, contracts.history, async (request) => {
      const history = await readsOf(request).history(request.params.id);
      if (!history) throw httpError(404, RESULT_ERRORS.notFound);
      return { history };
    });

    route(app, contracts.report, async (request, reply) => {
      const result = await visibleResult(request, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(result.report_file_name))
        .send(resultReportPdf(result));
    });

    route(app, contracts.create, async (request, reply) => {
      const id = await enterResult(context, callerOf(request), request.body, appendMetadata(request));
      void reply.code(201);
      return visibleResult(request, id);
    });

    route(app, contracts.update, async (request) => {
      const { id } = request.params;
      await saveResult(context, callerOf(request), id, request.body, appendMetadata(request));
      return visibleResult(request, id);
    });

    route(app, contracts.review, async (request) => {
      const { id } = request.params;
      if (request.body.id !== undefined && request.body.id !== id) {
        throw httpError(400, RESULT_ERRORS.reviewIdMismatch);
      }
      await reviewResult(context, callerOf(request), id, request.body.status, appendMetadata(request));
      return visibleResult(request, id);
    });
  };
