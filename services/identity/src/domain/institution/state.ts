import type { InstitutionEvent } from './events';

export type InstitutionState =
  { status: 'unregistered' } | { status: 'registered'; institutionId: number; name: string };

export const initialInstitutionState = (): InstitutionState => ({ status: 'unregistered' });

export function evolveInstitution(state: InstitutionState, event: InstitutionEvent): InstitutionState {
  switch (event.type) {
    case 'InstitutionRegistered':
    case 'InstitutionUpdated':
      return { status: 'registered', institutionId: event.data.institutionId, name: event.data.name };
  }
}
