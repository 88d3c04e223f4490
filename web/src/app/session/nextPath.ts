/**
 * Where sign-in leads: back to the page a signed-out visitor opened (/login?next=/patients/12), or to the
 * user's home (the dashboard for every role's defaults; routing/homeEntry.ts). Only a path of this app is followed, so a link to /login cannot send someone elsewhere after
 * they sign in (an open redirect).
 */

/** The query parameter of /login that holds the page to return to. */
export const NEXT_PARAM = 'next';
export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

/** Longer than any address of the app; a longer one is not one of its pages. */
const MAX_NEXT_LENGTH = 2048;
/** An origin no page has, to resolve the candidate against and see whether it stays there. */
const PROBE_ORIGIN = 'https://labline.invalid';

/** Characters the URL parser drops or reads as "/" (tabs, line breaks, "\"): "/\t/evil.com" is "//evil.com". */
const hasUnsafeCharacter = (value: string) =>
  /[\s\\]/u.test(value) || [...value].some((character) => character.charCodeAt(0) < 0x20 || character === '\u007f');

/**
 * The same-origin path (with its query and fragment) that `value` names, or null when it names none: anything
 * that is not an absolute path ("https://…", "javascript:…", "evil.com"), a protocol-relative "//evil.com" or
 * "/\evil.com", control characters or spaces, and /login itself.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > MAX_NEXT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // Dot segments are resolved by now: "/.//evil.com" has become "//evil.com", which must not pass either.
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//') || url.pathname === LOGIN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, with the page to come back to unless that is the start page anyway. */
export function loginPathFrom(location: { pathname: string; search: string; hash: string }): string {
  const next = safeNextPath(`${location.pathname}${location.search}${location.hash}`);
  if (next === null || location.pathname === '/' || location.pathname === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`;
}

/** Where to go once signed in: the `next` of the sign-in address when it is one of the app's pages, else `home`. */
export function pathAfterSignIn(search: string, home: string = HOME_PATH): string {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? home;
}
