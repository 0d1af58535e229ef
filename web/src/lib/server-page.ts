import type { LangCode } from '@storyhouse/contracts';
import type { FirstAnswer } from '@storyhouse/contracts/first-data';

/**
 * Decision 015: what a server render knows of the request that, in the
 * browser, the page's globals tell the app (document.cookie, the head's
 * alternate links, the embedded first data). `entry-server.tsx` sets it for
 * exactly one synchronous render (renderToString), so concurrent requests
 * never see each other's; in the browser it is always undefined.
 */
export interface ServerPage {
  /** The request's Cookie header (only the cookies the page's script could read matter). */
  cookies: string;
  /** This page on the other language sites (the head's hreflang links). */
  alternates: Partial<Record<LangCode, string>>;
  /** The first data of the page (decision 014), by normalized path; taken answers are removed. */
  answers: Map<string, FirstAnswer>;
}

let current: ServerPage | undefined;

/** The request being rendered on the server; undefined in the browser. */
export function serverPage(): ServerPage | undefined {
  return current;
}

/** Runs a synchronous render with `page` as the request's facts. */
export function withServerPage<T>(page: ServerPage, render: () => T): T {
  const outer = current;
  current = page;
  try {
    return render();
  } finally {
    current = outer;
  }
}
