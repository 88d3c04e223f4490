import type { PatientSnapshot } from '@labline/contracts';
import type { PatientEvent } from './events';

export type PatientState =
  | { status: 'unregistered' }
  | { status: 'registered'; patient: PatientSnapshot }
  | { status: 'deleted'; patientId: number };

export const initialPatientState = (): PatientState => ({ status: 'unregistered' });

export function evolvePatient(state: PatientState, event: PatientEvent): PatientState {
  switch (event.type) {
    case 'PatientRemovedFromInstitutions':
      return state.status === 'registered'
        ? { status: 'registered', patient: { ...state.patient, institution_ids: event.data.institution_ids } }
        : state;
    case 'PatientRegistered':
    case 'PatientUpdated':
      return { status: 'registered', patient: event.data };
    case 'PatientDeleted':
      return { status: 'deleted', patientId: event.data.patientId };
  }
}
