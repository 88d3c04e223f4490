import { canAccessSection, type Caller, type Section, type SessionUser } from '@labline/contracts';
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
  /** A further rule of @labline/contracts inside the section, for screens narrower than their section. */
  rule?: (caller: Caller) => boolean;
  /** The Access Denied text; the generic one when the spec gives none for the area. */
  deniedMessage?: string;
  Page: ComponentType;
}

/** Whether the caller may open the route: its section's access check, then its narrower rule. */
export function canOpenRoute(caller: Caller, route: AppRoute): boolean {
  if (route.section !== null && !canAccessSection(caller, route.section)) return false;
  return route.rule === undefined || route.rule(caller);
}

export function routeTitle(route: AppRoute, user: SessionUser | null): string {
  if (typeof route.title === 'string') return route.title;
  return user === null ? '' : route.title(user);
}
