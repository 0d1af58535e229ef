import { matchPageRoute, pageRoutes } from '@storyhouse/contracts';

/**
 * The query parameter naming where to come back to (spec §2 /login, /create-account). Writing it is here, in the
 * first download (a refused call or a guarded page sends the visitor to login); reading it is in
 * use-back-location.ts, with the pages that read it.
 */
export const BACK_LOCATION = 'back_location';

/** Spec §2 /login (the same path on every site language). */
const LOGIN_PATH = pageRoutes.login.paths[0];

/** `path` with `back` (a path and query of this site) as its back_location. */
export const withBackLocation = (path: string, back: string) => `${path}?${new URLSearchParams({ [BACK_LOCATION]: back })}`;

/** Where a visitor is sent to log in, coming back to `back` (path and query) afterwards. */
export const loginPath = (back: string) => withBackLocation(LOGIN_PATH, back);

/**
 * Spec §2/§6: where a call refused with 401 `not_authenticated` (no session,
 * or it ended) sends the visitor: to login and back here, when the page at
 * `location` needs a signed-in user. An open page (login itself included,
 * so there is no loop) handles the refusal where it happens: it may ask for
 * the user only to personalize (the layout preference) and must not leave.
 */
export function signInRedirect(status: number, code: string, { pathname, search }: { pathname: string; search: string }) {
  if (status !== 401 || code !== 'not_authenticated') return undefined;
  const route = matchPageRoute(pathname);
  if (!route || pageRoutes[route].access === 'open') return undefined;
  return loginPath(pathname + search);
}
