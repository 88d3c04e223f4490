import type { IdentityEventData } from '@labline/contracts';
import type { InstitutionEvent } from './events';

export type InstitutionState =
  | { status: 'unregistered' }
  | { status: 'registered'; institutionId: number; details: IdentityEventData<'InstitutionRegistered'> };

export const initialInstitutionState = (): InstitutionState => ({ status: 'unregistered' });

export function evolveInstitution(_state: InstitutionState, event: InstitutionEvent): InstitutionState {
  switch (event.type) {
    case 'InstitutionRegistered':
    case 'InstitutionUpdated':
      return { status: 'registered', institutionId: event.data.institutionId, details: event.data };
  }
}
