import {
  canAccessSection,
  ERRORS,
  errorBodySchema,
  idParamSchema,
  institutionPatientsResponseSchema,
  paginate,
  patientBodySchema,
  patientDetailResponseSchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientResponseSchema,
} from '@labline/contracts';
import { appendMetadata, httpError, principalOf } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { mayUsePatients, patientScope, type Caller } from '../access/patient-access';
import { deletePatient, registerPatient, updatePatient, type CommandDependencies } from '../commands/patients';
import { callerOf } from '../projections/directory/queries';
import { findPatient, listInstitutionPatients, listPatients } from '../projections/patients/queries';

const errors = { '4xx': errorBodySchema };

/**
 * The caller as clinical knows them. Callers without the patients section, or the tests section whose order
 * form picks patients, stop here (403): the same policy the gateway applies, checked again here.
 */
async function patientsCaller(pool: DatabasePool, request: FastifyRequest): Promise<Caller> {
  const principal = principalOf(request);
  const caller = await callerOf(pool, principal);
  const subject = { role: caller.role, permissions: principal.permissions };
  const hasSection = canAccessSection(subject, 'patients') || canAccessSection(subject, 'tests');
  if (!mayUsePatients(caller.role) || !hasSection) throw httpError(403, ERRORS.forbidden);
  return caller;
}

async function visiblePatientOrNotFound(pool: DatabasePool, caller: Caller, id: number) {
  const patient = await findPatient(pool, patientScope(caller), id);
  if (!patient) throw httpError(404, ERRORS.patientNotFound);
  return patient;
}

/**
 * Patients (spec 1 §2, §6, §7; spec 3 institution view), inside the authenticated group. Every read is
 * bound to the caller's scope; the write rules live in the patient decider.
 */
export const patientRoutes: FastifyPluginAsyncZod<{ commands: CommandDependencies }> = async (app, { commands }) => {
  const { pool } = commands;

  app.get(
    '/patients',
    { schema: { querystring: patientListQuerySchema, response: { 200: patientListResponseSchema, ...errors } } },
    async (request) => {
      const caller = await patientsCaller(pool, request);
      const { patients, total } = await listPatients(pool, patientScope(caller), request.query);
      return { patients, pagination: paginate(request.query.page, request.query.limit, total) };
    },
  );

  app.get(
    '/patients/institution/:id',
    { schema: { params: idParamSchema, response: { 200: institutionPatientsResponseSchema, ...errors } } },
    async (request) => {
      const caller = await patientsCaller(pool, request);
      const { id } = request.params;
      // Another tenant's institution answers as an unknown one does.
      if (caller.role !== 'super_admin' && !caller.institutionIds.includes(id)) {
        throw httpError(404, ERRORS.institutionNotFound);
      }
      return { patients: await listInstitutionPatients(pool, patientScope(caller), id) };
    },
  );

  app.get(
    '/patients/:id',
    { schema: { params: idParamSchema, response: { 200: patientDetailResponseSchema, ...errors } } },
    async (request) => {
      const caller = await patientsCaller(pool, request);
      const patient = await visiblePatientOrNotFound(pool, caller, request.params.id);
      // Test requests arrive with the ordering capability (roadmap step 5).
      return { patient: { ...patient, test_requests: [] } };
    },
  );

  app.post(
    '/patients',
    { schema: { body: patientBodySchema, response: { 201: patientResponseSchema, ...errors } } },
    async (request, reply) => {
      const caller = await patientsCaller(pool, request);
      const id = await registerPatient(commands, caller, request.body, appendMetadata(request));
      void reply.code(201);
      return { patient: await visiblePatientOrNotFound(pool, caller, id) };
    },
  );

  app.put(
    '/patients/:id',
    {
      schema: {
        params: idParamSchema,
        body: patientBodySchema,
        response: { 200: patientResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await patientsCaller(pool, request);
      const { id } = request.params;
      await updatePatient(commands, caller, id, request.body, appendMetadata(request));
      return { patient: await visiblePatientOrNotFound(pool, caller, id) };
    },
  );

  app.delete(
    '/patients/:id',
    { schema: { params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const caller = await patientsCaller(pool, request);
      await deletePatient(commands, caller, request.params.id, appendMetadata(request));
      return reply.code(204).send(null);
    },
  );
};
