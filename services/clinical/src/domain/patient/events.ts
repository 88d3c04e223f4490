import { streamName } from '@labline/contracts';
import type { DomainEvent } from '../decider';

/** Everything that happens to a patient, in stream `patient-<id>`. */
export type PatientEvent =
  DomainEvent<'PatientRegistered'> | DomainEvent<'PatientUpdated'> | DomainEvent<'PatientDeleted'>;

export const patientStream = (patientId: number) => streamName('patient', patientId);
