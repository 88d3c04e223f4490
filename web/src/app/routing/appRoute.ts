import { canAccessSection, type Role, type Section, type SessionUser } from '@labline/contracts';
import type { ComponentType } from 'react';

/** One entry of the route config (routes.tsx). */
export interface AppRoute {
  /** Absolute path, as in the route table. */
  path: string;
  /** Page title; a function when it depends on the user (spec 1 §2: 'Clinical Dashboard' for clinicians). */
  title: string | ((user: SessionUser) => string);
  /** The section whose access check (spec 1 §6) guards the route; null: any signed-in user. */
  section: Section | null;
  /** Public routes sit outside the authenticated layout; a signed-in user is sent to /dashboard. */
  public?: true;
  /** A further role restriction inside the section, for screens narrower than their section. */
  roles?: readonly Role[];
  /** The Access Denied text; the generic one when the spec gives none for the area. */
  deniedMessage?: string;
  Page: ComponentType;
}

/** Whether the user may open the route: its section's access check, then any narrower role list. */
export function canOpenRoute(user: SessionUser, route: AppRoute): boolean {
  if (route.section === null) return true;
  return canAccessSection(user, route.section) && (route.roles === undefined || route.roles.includes(user.role));
}

export function routeTitle(route: AppRoute, user: SessionUser | null): string {
  if (typeof route.title === 'string') return route.title;
  return user === null ? '' : route.title(user);
}
