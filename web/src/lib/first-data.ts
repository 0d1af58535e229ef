import { FIRST_DATA_ELEMENT_ID, type FirstAnswer, firstDataKey } from '@storyhouse/contracts/first-data';
import { serverPage } from './server-page';

/**
 * Decision 014: the answers the server embedded in the page for its first
 * render (server/src/modules/web/first-data.ts), by the GET path the app
 * would have asked. Each is used once, by the first query that asks for its
 * path; what is left is dropped at the first move to another page, so a
 * later screen never gets an answer from the time the page was loaded.
 */
let answers: Map<string, FirstAnswer> | undefined;

function embedded(): Map<string, FirstAnswer> {
  // A server render (decision 015) reads its own request's answers.
  const server = serverPage();
  if (server) return server.answers;
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, FirstAnswer>));
    } catch {
      // A page without usable answers renders as before: each screen asks the API.
    }
  }
  return answers;
}

/** The embedded answer to a GET of `path`, left in place (for code that prepares the first render). */
export function peekFirstAnswer(path: string): FirstAnswer | undefined {
  return embedded().get(firstDataKey(path));
}

/** The embedded answer to a GET of `path`, once (a later ask goes to the API). */
export function takeFirstAnswer(path: string): FirstAnswer | undefined {
  const all = embedded();
  const key = firstDataKey(path);
  const found = all.get(key);
  all.delete(key);
  return found;
}

/**
 * A query's `initialData` from the page: the embedded 2xx answer to its
 * path, so the first render has the data without waiting for a promise.
 * An embedded error is left for the query's own call (the API client
 * throws it from the page, without a request).
 */
export function firstData<T>(path: string): { initialData: () => T | undefined } {
  return {
    initialData: () => {
      const found = peekFirstAnswer(path);
      if (!found || found.status >= 300) return undefined;
      return takeFirstAnswer(path)?.body as T;
    },
  };
}

/** The first move to another page: the answers no screen asked for are stale from now on. */
export function dropFirstData() {
  answers = new Map();
}
