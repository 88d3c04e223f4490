import {
  clinicianListResponseSchema,
  ERRORS,
  errorBodySchema,
  idParamSchema,
  institutionBodySchema,
  institutionListResponseSchema,
  institutionResponseSchema,
  institutionStatsResponseSchema,
} from '@labline/contracts';
import { appendMetadata, httpError } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { institutionScope } from '../access/read-scope';
import type { CommandDependencies } from '../commands/deps';
import { registerInstitution, updateInstitution } from '../commands/institutions';
import {
  findInstitution,
  institutionStats,
  listInstitutionClinicians,
  listInstitutions,
} from '../projections/institutions/queries';
import type { Caller } from '../projections/users/administration-queries';
import { callerOf } from './caller';

const errors = { '4xx': errorBodySchema };

async function visibleInstitutionOrNotFound(pool: DatabasePool, caller: Caller, institutionId: number) {
  const institution = await findInstitution(pool, institutionScope(caller), institutionId);
  if (!institution) throw httpError(404, ERRORS.institutionNotFound);
  return institution;
}

/**
 * Institutions (spec 3 §2, §6, §7; spec 1 §7): registered inside the authenticated group. Everyone reads the
 * institutions they belong to (super_admin all); only super_admin creates; super_admin or the
 * institution_admin of that institution edits its details.
 */
export const institutionRoutes: FastifyPluginAsyncZod<{ commands: CommandDependencies }> = async (
  app,
  { commands },
) => {
  const { pool } = commands;

  app.get(
    '/institutions',
    { schema: { response: { 200: institutionListResponseSchema, ...errors } } },
    async (request) => ({
      institutions: await listInstitutions(pool, institutionScope(await callerOf(pool, request))),
    }),
  );

  // The caller's own institutions (the primary one and a clinician's linked ones), for super_admin too.
  app.get(
    '/institutions/my',
    { schema: { response: { 200: institutionListResponseSchema, ...errors } } },
    async (request) => {
      const caller = await callerOf(pool, request);
      return { institutions: await listInstitutions(pool, { kind: 'ids', ids: caller.institutionIds }) };
    },
  );

  app.post(
    '/institutions',
    { schema: { body: institutionBodySchema, response: { 201: institutionResponseSchema, ...errors } } },
    async (request, reply) => {
      const caller = await callerOf(pool, request);
      if (caller.role !== 'super_admin') throw httpError(403, ERRORS.noPermissionManageInstitutions);
      const id = await registerInstitution(commands, request.body, appendMetadata(request));
      void reply.code(201);
      return { institution: await visibleInstitutionOrNotFound(pool, caller, id) };
    },
  );

  app.get(
    '/institutions/:id',
    { schema: { params: idParamSchema, response: { 200: institutionResponseSchema, ...errors } } },
    async (request) => ({
      institution: await visibleInstitutionOrNotFound(pool, await callerOf(pool, request), request.params.id),
    }),
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
      const caller = await callerOf(pool, request);
      const { id } = request.params;
      await visibleInstitutionOrNotFound(pool, caller, id);
      // Spec 3 §6: institution detail edit is super_admin's, or the institution_admin's of that institution.
      const mayEdit =
        caller.role === 'super_admin' || (caller.role === 'institution_admin' && caller.institutionId === id);
      if (!mayEdit) throw httpError(403, ERRORS.noPermissionManageInstitutions);
      await updateInstitution(commands, id, request.body, appendMetadata(request));
      return { institution: await visibleInstitutionOrNotFound(pool, caller, id) };
    },
  );

  app.get(
    '/institutions/:id/clinicians',
    { schema: { params: idParamSchema, response: { 200: clinicianListResponseSchema, ...errors } } },
    async (request) => {
      const { id } = await visibleInstitutionOrNotFound(pool, await callerOf(pool, request), request.params.id);
      return { clinicians: await listInstitutionClinicians(pool, id) };
    },
  );

  app.get(
    '/institutions/:id/stats',
    { schema: { params: idParamSchema, response: { 200: institutionStatsResponseSchema, ...errors } } },
    async (request) => {
      const { id } = await visibleInstitutionOrNotFound(pool, await callerOf(pool, request), request.params.id);
      return { stats: await institutionStats(pool, id) };
    },
  );
};
