import { streamName, type CLINICAL_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a patient, in stream `patient-<id>`. */
export type PatientEvent = DomainEventOf<
  typeof CLINICAL_EVENT_SCHEMAS,
  'PatientRegistered' | 'PatientUpdated' | 'PatientDeleted' | 'PatientRemovedFromInstitutions'
>;

export const patientStream = (patientId: number) => streamName('patient', patientId);
