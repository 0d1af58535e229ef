import { matchPageRoute, pageRoutes, safeBackLocation } from '@storyhouse/contracts';
import { useSearchParams } from 'react-router';

/** The query parameter naming where to come back to (spec §2 /login, /create-account). */
const BACK_LOCATION = 'back_location';

/** Spec §2 /login (the same path on every site language). */
const LOGIN_PATH = pageRoutes.login.paths[0];

/** `path` with `back` (a path and query of this site) as its back_location. */
export const withBackLocation = (path: string, back: string) => `${path}?${new URLSearchParams({ [BACK_LOCATION]: back })}`;

/** Where a visitor is sent to log in, coming back to `back` (path and query) afterwards. */
export const loginPath = (back: string) => withBackLocation(LOGIN_PATH, back);

/** The back_location of a query string: a path of this site, else the default (never another origin). */
export const readBackLocation = (params: URLSearchParams) => safeBackLocation(params.get(BACK_LOCATION));

/** The current page's back_location (see readBackLocation). */
export function useBackLocation() {
  const [params] = useSearchParams();
  return readBackLocation(params);
}

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
