import { CLINICAL_CONTRACTS, ERRORS, MESSAGES } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignLab, removeLabAssignment } from '../commands/lab-assignments';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const contracts = CLINICAL_CONTRACTS;

/**
 * An institution's lab assignments (spec 3 Labs tab, spec 1 order form): read by the tests and cms callers of
 * that institution, assigned and removed by super_admin and its institution_admin. Another tenant's
 * institution answers 404 like an unknown one; the rules are contracts' canReadLabAssignments and
 * canManageLabAssignments, applied by the caller-bound reads and the assignment decider.
 */
export const labAssignmentRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const visibleAssignment = async (request: FastifyRequest, institutionId: number, assignmentId: number) => {
      const assignment = await readsOf(request).labAssignment(institutionId, assignmentId);
      if (!assignment) throw httpError(404, ERRORS.labAssignmentNotFound);
      return assignment;
    };

    route(app, contracts.labAssignments, async (request) => {
      const labs = await readsOf(request).labAssignments(request.params.id, request.query);
      if (!labs) throw httpError(404, ERRORS.institutionNotFound);
      return { labs };
    });

    route(app, contracts.labAssignmentHistory, async (request) => {
      const { id, assignmentId } = request.params;
      const history = await readsOf(request).labAssignmentHistory(id, assignmentId);
      if (!history) throw httpError(404, ERRORS.labAssignmentNotFound);
      return { history };
    });

    route(app, contracts.assignLab, async (request, reply) => {
      const { id } = request.params;
      const assignmentId = await assignLab(context, callerOf(request), id, request.body, appendMetadata(request));
      void reply.code(201);
      return { assignment: await visibleAssignment(request, id, assignmentId) };
    });

    route(app, contracts.removeLabAssignment, async (request) => {
      const { id, assignmentId } = request.params;
      await removeLabAssignment(context, callerOf(request), id, assignmentId, appendMetadata(request));
      return { message: MESSAGES.labAssignmentRemoved };
    });
  };
