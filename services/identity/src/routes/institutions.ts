import { canEditInstitution, ERRORS, IDENTITY_CONTRACTS } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerInstitution, updateInstitution } from '../commands/institutions';
import type { IdentityContext } from '../config';
import { identityReads } from '../reads';

const contracts = IDENTITY_CONTRACTS;

/** A read of an institution the caller may see, else 404 as for an unknown id. */
function found<T>(value: T | null): T {
  if (value === null) throw httpError(404, ERRORS.institutionNotFound);
  return value;
}

/**
 * Institutions (spec 3 §2, §6, §7; spec 1 §7). Everyone reads the institutions they belong to (super_admin
 * all); only super_admin creates (the contracts' guard); super_admin or the institution_admin of that
 * institution edits its details, a rule on the record checked once the institution is known to be visible.
 */
export const institutionRoutes =
  (context: IdentityContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => identityReads(context.pool, callerOf(request));

    route(app, contracts.institutions, async (request) => ({ institutions: await readsOf(request).institutions() }));

    route(app, contracts.myInstitutions, async (request) => ({
      institutions: await readsOf(request).myInstitutions(),
    }));

    route(app, contracts.createInstitution, async (request, reply) => {
      const id = await registerInstitution(context, request.body, appendMetadata(request));
      void reply.code(201);
      return { institution: found(await readsOf(request).institution(id)) };
    });

    route(app, contracts.institution, async (request) => ({
      institution: found(await readsOf(request).institution(request.params.id)),
    }));

    route(app, contracts.updateInstitution, async (request) => {
      const { id } = request.params;
      found(await readsOf(request).institution(id));
      if (!canEditInstitution(callerOf(request), id)) throw httpError(403, ERRORS.noPermissionManageInstitutions);
      await updateInstitution(context, id, request.body, appendMetadata(request));
      return { institution: found(await readsOf(request).institution(id)) };
    });

    route(app, contracts.institutionClinicians, async (request) => ({
      clinicians: found(await readsOf(request).institutionClinicians(request.params.id)),
    }));

    route(app, contracts.institutionStats, async (request) => ({
      stats: found(await readsOf(request).institutionStats(request.params.id)),
    }));
  };
