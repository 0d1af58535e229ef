/**
 * Decision 014 (first paint): the server embeds in each page the answers the
 * web app's first render asks the API for, so the page renders from the HTML
 * without a round trip. Each answer is what a GET of its path would have
 * answered then: a status and a JSON body (an ErrorBody when not 2xx).
 *
 * Imported as `@storyhouse/contracts/first-data`: no zod, so the shell's
 * download does not grow by it.
 */
import type { LangCode } from './lang-codes';

/** The id of the `<script type="application/json">` holding the answers. */
export const FIRST_DATA_ELEMENT_ID = 'first-data';

export interface FirstAnswer {
  status: number;
  body: unknown;
}

/** The embedded answers by `firstDataKey` of their path. */
export type FirstData = Record<string, FirstAnswer>;

/**
 * The name both sides give a GET path: its pathname, then its query with
 * the parameters in order of name (so `?b=1&a=2` and `?a=2&b=1` are the same
 * call), encoded as URLSearchParams encodes. The site flag
 * (`test_spanish_site`) is not part of it: the page was already served in
 * its language.
 */
export function firstDataKey(path: string): string {
  const at = path.indexOf('?');
  if (at < 0) return path;
  const params = new URLSearchParams(path.slice(at + 1));
  params.delete('test_spanish_site');
  params.sort();
  const query = params.toString();
  return query ? `${path.slice(0, at)}?${query}` : path.slice(0, at);
}

/**
 * The embedded answers as the text of the script element: JSON with every
 * `<` written as `\u003c`, so no answer can close the element or open a
 * comment, whatever text the CMS holds. Bodies come already serialized.
 */
export function firstDataScript(answers: readonly { key: string; status: number; json: string }[]): string {
  const members = answers.map(({ key, status, json }) => `${JSON.stringify(key)}:{"status":${status},"body":${json}}`);
  return `{${members.join(',')}}`.replace(/</g, '\\u003c');
}

/**
 * Decision 015: what the server asks the web build's server render
 * (web/src/entry-server.tsx, loaded by server/src/modules/web/server-render.ts)
 * for one page; the render answers the markup of the app's first render.
 */
export interface RenderRequest {
  /** The page's address: path and query. */
  url: string;
  lang: LangCode;
  /** The page's first data, as embedded in the HTML. */
  answers: FirstData;
  /** The request's Cookie header. */
  cookies: string;
  /** This page on the other language sites (the head's hreflang links). */
  alternates: Partial<Record<LangCode, string>>;
}
