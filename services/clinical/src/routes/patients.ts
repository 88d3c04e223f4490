import { CLINICAL_CONTRACTS, ERRORS, paginate } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletePatient, registerPatient, updatePatient } from '../commands/patients';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const contracts = CLINICAL_CONTRACTS;

/**
 * Patients (spec 1 §2, §6, §7; spec 3 institution view). Every route is for callers with the patients section
 * or the tests section whose order form picks patients (the contracts' guard, canUsePatients); reads go through
 * the caller-bound repository, writes through the patient decider's rules.
 */
export const patientRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const visiblePatient = async (request: FastifyRequest, id: number) => {
      const patient = await readsOf(request).patient(id);
      if (!patient) throw httpError(404, ERRORS.patientNotFound);
      return patient;
    };

    route(app, contracts.patients, async (request) => {
      const { patients, total } = await readsOf(request).patients(request.query);
      return { patients, pagination: paginate(request.query.page, request.query.limit, total) };
    });

    route(app, contracts.institutionPatients, async (request) => {
      const patients = await readsOf(request).institutionPatients(request.params.id);
      // Another tenant's institution answers as an unknown one does.
      if (!patients) throw httpError(404, ERRORS.institutionNotFound);
      return { patients };
    });

    route(app, contracts.patient, async (request) => {
      const patient = await visiblePatient(request, request.params.id);
      // The patient's requests the caller may see (a clinician: theirs and those of their patients).
      return { patient: { ...patient, test_requests: await readsOf(request).patientTestRequests(patient.id) } };
    });

    route(app, contracts.patientHistory, async (request) => {
      const history = await readsOf(request).patientHistory(request.params.id);
      if (!history) throw httpError(404, ERRORS.patientNotFound);
      return { history };
    });

    route(app, contracts.createPatient, async (request, reply) => {
      const id = await registerPatient(context, callerOf(request), request.body, appendMetadata(request));
      void reply.code(201);
      return { patient: await visiblePatient(request, id) };
    });

    route(app, contracts.updatePatient, async (request) => {
      const { id } = request.params;
      await updatePatient(context, callerOf(request), id, request.body, appendMetadata(request));
      return { patient: await visiblePatient(request, id) };
    });

    route(app, contracts.deletePatient, async (request, reply) => {
      await deletePatient(context, callerOf(request), request.params.id, appendMetadata(request));
      return reply.code(204).send(null);
    });
  };
