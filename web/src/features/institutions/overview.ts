/** The institution list's summary figures (spec 3 §2 Institution list, §9 definitions). */
import type { Institution } from '@labline/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** spec 3 §9: "active this month" means updated within 30 days. */
const ACTIVE_WITHIN_DAYS = 30;
/** spec 3 §9: "recently added" means created within 7 days. */
const RECENT_WITHIN_DAYS = 7;
/** spec 3 §9: recent activity shows the 5 newest. */
const RECENT_ACTIVITY_SIZE = 5;

export interface InstitutionOverview {
  total: number;
  activeThisMonth: number;
  recentlyAdded: number;
  /** Institutions with a phone or an e-mail. */
  withContactInfo: number;
  withPhone: number;
  withEmail: number;
  withAddress: number;
  /** Count per institution type, most common first. */
  byType: { type: string; count: number }[];
  /** The 5 newest by creation. */
  newest: Institution[];
}

const within = (iso: string, days: number, now: number) => now - new Date(iso).getTime() <= days * DAY_MS;
const filled = (value: string | null) => value !== null && value.trim() !== '';

export function institutionOverview(
  institutions: readonly Institution[],
  now: number = Date.now(),
): InstitutionOverview {
  const types = new Map<string, number>();
  for (const { institution_type } of institutions) types.set(institution_type, (types.get(institution_type) ?? 0) + 1);
  return {
    total: institutions.length,
    activeThisMonth: institutions.filter((i) => within(i.updated_at, ACTIVE_WITHIN_DAYS, now)).length,
    recentlyAdded: institutions.filter((i) => within(i.created_at, RECENT_WITHIN_DAYS, now)).length,
    withContactInfo: institutions.filter((i) => filled(i.phone) || filled(i.email)).length,
    withPhone: institutions.filter((i) => filled(i.phone)).length,
    withEmail: institutions.filter((i) => filled(i.email)).length,
    withAddress: institutions.filter((i) => filled(i.address)).length,
    byType: [...types]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    newest: [...institutions]
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id)
      .slice(0, RECENT_ACTIVITY_SIZE),
  };
}
