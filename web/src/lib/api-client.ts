import { type ErrorBody, REFUSAL_PREFERENCE, type RefusalAnswer, spanishSiteFlagValues } from '@storyhouse/contracts';
import { signInRedirect } from './back-location';
import { takeFirstAnswer } from './first-data';
import { GROWN_UPS_ONLY } from './grown-ups';

/**
 * An API failure as the server described it: `message` is already in the
 * site language; `code` and `fields` are for the screen to act on.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** A 5xx answer's request id (the server's logs name it): shown so a family can quote it. */
    readonly requestId?: string,
    /** A caption file refused (caption_file_invalid): the line of its first problem and what it is. */
    readonly fileProblem?: { line: number; problem: string },
  ) {
    super(message);
  }
}

/** The ApiError of a non-2xx answer with this status and (error) body. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const e = (body ?? {}) as Partial<ErrorBody>;
  const fileProblem = e.line !== undefined && e.problem !== undefined ? { line: e.line, problem: e.problem } : undefined;
  return new ApiError(status, e.code ?? 'internal_error', e.message ?? '', e.fields ?? {}, e.request_id, fileProblem);
}

/**
 * The language flag of spec §1 travels on API calls when the page was opened
 * with it. A value the API would refuse (`?test_spanish_site` alone, a typo)
 * stays behind: the page then simply is the host's language, as the server
 * rendered it, instead of every call failing.
 */
export function withSiteFlag(path: string) {
  const flag = new URLSearchParams(window.location.search).get('test_spanish_site');
  if (flag === null || !(spanishSiteFlagValues as readonly string[]).includes(flag)) return path;
  const url = new URL(path, window.location.origin);
  url.searchParams.set('test_spanish_site', flag);
  return url.pathname + url.search;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one way the web app calls the API: same origin, cookies included, JSON
 * in and out, and every non-2xx turned into an ApiError. A network failure
 * becomes ApiError(0, 'network') with the catalog's message. A 401
 * `not_authenticated` on a page needing a user also goes to login
 * (signInRedirect); the caller still gets the error. A change refused 403
 * `grown_ups_only` (a child profile is listening) asks the family PIN
 * (lib/grown-ups.ts).
 */
export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  // The page's own answer, when the server embedded one for its first render (decision 014).
  const first = method === 'GET' ? takeFirstAnswer(path) : undefined;
  if (first) {
    if (first.status < 300) return first.body as T;
    throw apiErrorOf(first.status, first.body);
  }
  let response: Response;
  try {
    response = await fetch(withSiteFlag(path), {
      method,
      signal,
      credentials: 'same-origin',
      // Refusals a family meets (a coupon that does not apply, a declined card…) come back as answers, not failed
      // requests the browser would log in its console (contracts `refusalCodes`); they still become an ApiError.
      headers: {
        accept: 'application/json',
        prefer: REFUSAL_PREFERENCE,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', '');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as unknown;
  if (response.headers.get('preference-applied') === REFUSAL_PREFERENCE) {
    const { refused } = data as RefusalAnswer;
    throw apiErrorOf(refused.status, refused);
  }
  if (!response.ok) {
    const error = apiErrorOf(response.status, data);
    // A session that ended under a page needing it: to login and back (a full load, so every cached answer starts fresh).
    const login = signInRedirect(error.status, error.code, window.location);
    if (login) window.location.replace(login);
    // Something a child pressed (a page of the parents' is locked before it asks: app/route-guard.tsx).
    if (error.code === 'grown_ups_only' && method !== 'GET') dispatchEvent(new Event(GROWN_UPS_ONLY));
    throw error;
  }
  return data as T;
}
