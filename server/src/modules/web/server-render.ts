import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderRequest } from '@storyhouse/contracts/first-data';

/** The web build's server render (web/src/entry-server.tsx, decision 015): the markup of a page's first render. */
export type RenderApp = (request: RenderRequest) => Promise<string>;

/** The server-render bundle's file inside a web build. */
export const serverRenderFile = (root: string) => path.join(root, '.ssr', 'entry-server.js');

/**
 * The render function of the web build in `root`; undefined when the build
 * has no server-render bundle (pages are then rendered in the browser, as
 * before decision 015).
 */
export async function loadServerRender(
  root: string | undefined,
  log: { error: (obj: object, msg: string) => void },
): Promise<RenderApp | undefined> {
  const file = root ? serverRenderFile(root) : undefined;
  if (!file || !existsSync(file)) return undefined;
  // A bundle that cannot load costs the site its server render, never the site.
  try {
    const bundle = (await import(pathToFileURL(file).href)) as { render?: unknown };
    if (typeof bundle.render === 'function') return bundle.render as RenderApp;
    log.error({ file }, 'the server render exports no render function: the browser renders every page');
  } catch (err) {
    log.error({ err, file }, 'the server render did not load: the browser renders every page');
  }
  return undefined;
}
