import type { PatientSnapshot } from '@labline/contracts';
import type { PatientEvent } from './events';

export type PatientState =
  | { status: 'unregistered' }
  | { status: 'registered'; patient: PatientSnapshot }
  | { status: 'deleted'; patientId: number };

export const initialPatientState = (): PatientState => ({ status: 'unregistered' });

export function evolvePatient(_state: PatientState, event: PatientEvent): PatientState {
  switch (event.type) {
    case 'PatientRegistered':
    case 'PatientUpdated':
      return { status: 'registered', patient: event.data };
    case 'PatientDeleted':
      return { status: 'deleted', patientId: event.data.patientId };
  }
}
