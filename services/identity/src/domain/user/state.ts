import type { Permission, Role } from '@labline/contracts';
import type { UserEvent } from './events';

/** What the user rules need to know; the read model holds the rest for display. */
export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: number;
      email: string;
      role: Role;
      institutionId: number | null;
      clinicianInstitutionIds: number[];
      permissions: Permission[];
      isActive: boolean;
      firstName: string;
      lastName: string;
      phone: string | null;
    };

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const data = event.data;
      return {
        status: 'registered',
        userId: data.userId,
        email: data.email,
        role: data.role,
        institutionId: data.institution_id,
        clinicianInstitutionIds: data.clinician_institution_ids,
        permissions: data.permissions,
        isActive: data.is_active,
        firstName: data.first_name,
        lastName: data.last_name,
        phone: data.phone,
      };
    }
    case 'UserProfileUpdated':
      if (state.status !== 'registered') return state;
      return { ...state, firstName: event.data.first_name, lastName: event.data.last_name, phone: event.data.phone };
    case 'UserUpdated': {
      if (state.status !== 'registered') return state;
      const data = event.data;
      return {
        ...state,
        email: data.email,
        role: data.role,
        institutionId: data.institution_id,
        clinicianInstitutionIds: data.clinician_institution_ids,
        permissions: data.permissions,
        firstName: data.first_name,
        lastName: data.last_name,
        phone: data.phone,
      };
    }
    case 'UserDeactivated':
      return state.status === 'registered' ? { ...state, isActive: false } : state;
    case 'UserReactivated':
      return state.status === 'registered' ? { ...state, isActive: true } : state;
    case 'UserPasswordChanged':
    case 'UserLoggedIn':
      return state;
  }
}
