import {
  canUsePatients,
  ERRORS,
  errorBodySchema,
  historyResponseSchema,
  idParamSchema,
  institutionPatientsResponseSchema,
  paginate,
  patientBodySchema,
  patientDetailResponseSchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientResponseSchema,
} from '@labline/contracts';
import { allow, appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletePatient, registerPatient, updatePatient } from '../commands/patients';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const errors = { '4xx': errorBodySchema };

/**
 * Patients (spec 1 §2, §6, §7; spec 3 institution view). Every route is for callers with the patients section
 * or the tests section whose order form picks patients (the gateway's policy, checked again here); reads go
 * through the caller-bound repository, writes through the patient decider's rules.
 */
export const patientRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', allow(canUsePatients));
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const visiblePatient = async (request: FastifyRequest, id: number) => {
      const patient = await readsOf(request).patient(id);
      if (!patient) throw httpError(404, ERRORS.patientNotFound);
      return patient;
    };

    app.get(
      '/patients',
      { schema: { querystring: patientListQuerySchema, response: { 200: patientListResponseSchema, ...errors } } },
      async (request) => {
        const { patients, total } = await readsOf(request).patients(request.query);
        return { patients, pagination: paginate(request.query.page, request.query.limit, total) };
      },
    );

    app.get(
      '/patients/institution/:id',
      { schema: { params: idParamSchema, response: { 200: institutionPatientsResponseSchema, ...errors } } },
      async (request) => {
        const patients = await readsOf(request).institutionPatients(request.params.id);
        // Another tenant's institution answers as an unknown one does.
        if (!patients) throw httpError(404, ERRORS.institutionNotFound);
        return { patients };
      },
    );

    app.get(
      '/patients/:id',
      { schema: { params: idParamSchema, response: { 200: patientDetailResponseSchema, ...errors } } },
      async (request) => {
        const patient = await visiblePatient(request, request.params.id);
        // The patient's requests the caller may see (a clinician: theirs and those of their patients).
        return { patient: { ...patient, test_requests: await readsOf(request).patientTestRequests(patient.id) } };
      },
    );

    app.get(
      '/patients/:id/history',
      { schema: { params: idParamSchema, response: { 200: historyResponseSchema, ...errors } } },
      async (request) => {
        const history = await readsOf(request).patientHistory(request.params.id);
        if (!history) throw httpError(404, ERRORS.patientNotFound);
        return { history };
      },
    );

    app.post(
      '/patients',
      { schema: { body: patientBodySchema, response: { 201: patientResponseSchema, ...errors } } },
      async (request, reply) => {
        const id = await registerPatient(context, callerOf(request), request.body, appendMetadata(request));
        void reply.code(201);
        return { patient: await visiblePatient(request, id) };
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
        const { id } = request.params;
        await updatePatient(context, callerOf(request), id, request.body, appendMetadata(request));
        return { patient: await visiblePatient(request, id) };
      },
    );

    app.delete(
      '/patients/:id',
      { schema: { params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deletePatient(context, callerOf(request), request.params.id, appendMetadata(request));
        return reply.code(204).send(null);
      },
    );
  };
