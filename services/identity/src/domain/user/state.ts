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
      /** The sessions not ended yet (those past their absolute end are dropped at the next sign-in). */
      sessions: readonly UserSession[];
    };

export interface UserSession {
  sessionId: string;
  /** ISO times: the last sign-in or renewal, and the absolute end. */
  lastSeenAt: string;
  expiresAt: string;
}

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
        sessions: [],
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
    case 'SessionStarted': {
      if (state.status !== 'registered') return state;
      const { sessionId, startedAt, expiresAt } = event.data;
      const live = state.sessions.filter((session) => session.expiresAt > startedAt);
      return { ...state, sessions: [...live, { sessionId, lastSeenAt: startedAt, expiresAt }] };
    }
    case 'SessionRefreshed':
      if (state.status !== 'registered') return state;
      return {
        ...state,
        sessions: state.sessions.map((session) =>
          session.sessionId === event.data.sessionId ? { ...session, lastSeenAt: event.data.refreshedAt } : session,
        ),
      };
    case 'SessionEnded':
      if (state.status !== 'registered') return state;
      return { ...state, sessions: state.sessions.filter((session) => session.sessionId !== event.data.sessionId) };
    case 'UserPasswordChanged':
    case 'UserLoggedIn':
    case 'PasswordTokenIssued':
    case 'PasswordTokenUsed':
      return state;
  }
}
