import {
  canCreateInstitution,
  canEditInstitution,
  clinicianListResponseSchema,
  ERRORS,
  errorBodySchema,
  idParamSchema,
  institutionBodySchema,
  institutionListResponseSchema,
  institutionResponseSchema,
  institutionStatsResponseSchema,
} from '@labline/contracts';
import { allow, appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerInstitution, updateInstitution } from '../commands/institutions';
import type { IdentityContext } from '../config';
import { identityReads } from '../reads';

const errors = { '4xx': errorBodySchema };

/** A read of an institution the caller may see, else 404 as for an unknown id. */
function found<T>(value: T | null): T {
  if (value === null) throw httpError(404, ERRORS.institutionNotFound);
  return value;
}

/**
 * Institutions (spec 3 §2, §6, §7; spec 1 §7). Everyone reads the institutions they belong to (super_admin
 * all); only super_admin creates; super_admin or the institution_admin of that institution edits its details.
 */
export const institutionRoutes =
  (context: IdentityContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => identityReads(context.pool, callerOf(request));

    app.get(
      '/institutions',
      { schema: { response: { 200: institutionListResponseSchema, ...errors } } },
      async (request) => ({ institutions: await readsOf(request).institutions() }),
    );

    app.get(
      '/institutions/my',
      { schema: { response: { 200: institutionListResponseSchema, ...errors } } },
      async (request) => ({ institutions: await readsOf(request).myInstitutions() }),
    );

    app.post(
      '/institutions',
      {
        preHandler: allow(canCreateInstitution, ERRORS.noPermissionManageInstitutions),
        schema: { body: institutionBodySchema, response: { 201: institutionResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const id = await registerInstitution(context, request.body, appendMetadata(request));
        void reply.code(201);
        return { institution: found(await readsOf(request).institution(id)) };
      },
    );

    app.get(
      '/institutions/:id',
      { schema: { params: idParamSchema, response: { 200: institutionResponseSchema, ...errors } } },
      async (request) => ({ institution: found(await readsOf(request).institution(request.params.id)) }),
    );

    app.put(
      '/institutions/:id',
      {
        schema: {
          params: idParamSchema,
          body: institutionBodySchema,
          response: { 200: institutionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        found(await readsOf(request).institution(id));
        if (!canEditInstitution(callerOf(request), id)) throw httpError(403, ERRORS.noPermissionManageInstitutions);
        await updateInstitution(context, id, request.body, appendMetadata(request));
        return { institution: found(await readsOf(request).institution(id)) };
      },
    );

    app.get(
      '/institutions/:id/clinicians',
      { schema: { params: idParamSchema, response: { 200: clinicianListResponseSchema, ...errors } } },
      async (request) => ({ clinicians: found(await readsOf(request).institutionClinicians(request.params.id)) }),
    );

    app.get(
      '/institutions/:id/stats',
      { schema: { params: idParamSchema, response: { 200: institutionStatsResponseSchema, ...errors } } },
      async (request) => ({ stats: found(await readsOf(request).institutionStats(request.params.id)) }),
    );
  };
