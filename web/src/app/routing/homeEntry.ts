import type { AccessSubject } from '@labline/contracts';
import { navigationFor } from './routeConfig';

/** Where a way back leads: a page every signed-in user may open, whatever their menu permissions. */
export interface HomeEntry {
  name: string;
  path: string;
}

const PROFILE: HomeEntry = { name: 'Profile Settings', path: '/profile' };

/**
 * The first page the caller's navigation grants: the dashboard for every role's defaults, but a user whose
 * menu permissions leave the dashboard out would be sent from Access Denied to Access Denied by a fixed
 * "Back to Dashboard". Without any entry, their profile, which is always theirs.
 */
export function homeEntry(caller: AccessSubject): HomeEntry {
  const [first] = navigationFor(caller);
  return first === undefined ? PROFILE : { name: first.name, path: first.path };
}
