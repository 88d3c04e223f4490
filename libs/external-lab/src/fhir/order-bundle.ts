/**
 * A LabOrder as FHIR R4 resources: one transaction Bundle holding the Patient, the Specimen (its identifier the
 * barcode), the ServiceRequest (one LOINC coding per marker) and the Task the laboratory moves along. Every entry
 * is a conditional create (If-None-Exist on its identifier), so sending the same test request again finds the
 * order the first sending made instead of making a second one.
 */
import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, Patient, Resource, ServiceRequest, Specimen, Task } from '@medplum/fhirtypes';
import type { LabOrder } from '../provider';
import { FHIR_SYSTEMS } from './systems';

/** Labline's priority as FHIR's request priority: normal is routine. */
const FHIR_PRIORITY = { normal: 'routine', urgent: 'urgent', stat: 'stat' } as const;

const search = (system: string, value: string) => `identifier=${encodeURIComponent(`${system}|${value}`)}`;

function entry(fullUrl: string, resource: Resource, ifNoneExist: string): BundleEntry {
  return { fullUrl, resource, request: { method: 'POST', url: resource.resourceType, ifNoneExist } };
}

/** The transaction that places the order. Its Task is the bundle's last entry; its ServiceRequest the third. */
export function orderBundle(order: LabOrder): Bundle {
  // The entries' local names, which the laboratory replaces with the ids it gives them.
  const urls = {
    patient: `urn:uuid:${randomUUID()}`,
    specimen: `urn:uuid:${randomUUID()}`,
    serviceRequest: `urn:uuid:${randomUUID()}`,
    task: `urn:uuid:${randomUUID()}`,
  };
  const requestIdentifier = { system: FHIR_SYSTEMS.testRequest, value: order.displayId };
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: FHIR_SYSTEMS.patient, value: order.patient.displayId }],
    name: [{ family: order.patient.lastName, given: [order.patient.firstName] }],
    gender: order.patient.gender,
    ...(order.patient.birthDate ? { birthDate: order.patient.birthDate } : {}),
  };
  const specimen: Specimen = {
    resourceType: 'Specimen',
    identifier: [{ system: FHIR_SYSTEMS.specimenBarcode, value: order.barcode }],
    subject: { reference: urls.patient },
    ...(order.sampleType ? { type: { text: order.sampleType } } : {}),
  };
  const serviceRequest: ServiceRequest = {
    resourceType: 'ServiceRequest',
    identifier: [requestIdentifier],
    status: 'active',
    intent: 'order',
    priority: FHIR_PRIORITY[order.priority],
    code: {
      coding: order.markers.map((marker) => ({ system: FHIR_SYSTEMS.loinc, code: marker.loinc, display: marker.name })),
      text: order.markers.map((marker) => marker.name).join(', '),
    },
    subject: { reference: urls.patient },
    specimen: [{ reference: urls.specimen }],
    authoredOn: order.orderedAt,
    ...(order.requester ? { requester: { display: order.requester.name } } : {}),
  };
  const task: Task = {
    resourceType: 'Task',
    identifier: [requestIdentifier],
    basedOn: [{ reference: urls.serviceRequest }],
    focus: { reference: urls.serviceRequest },
    for: { reference: urls.patient },
    status: 'requested',
    businessStatus: { text: 'Submitted' },
    intent: 'order',
    priority: FHIR_PRIORITY[order.priority],
    authoredOn: order.orderedAt,
  };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      entry(urls.patient, patient, search(FHIR_SYSTEMS.patient, order.patient.displayId)),
      entry(urls.specimen, specimen, search(FHIR_SYSTEMS.specimenBarcode, order.barcode)),
      entry(urls.serviceRequest, serviceRequest, search(FHIR_SYSTEMS.testRequest, order.displayId)),
      entry(urls.task, task, search(FHIR_SYSTEMS.testRequest, order.displayId)),
    ],
  };
}
