import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_DATA_ELEMENT_ID, type FirstData, type RenderRequest } from '@storyhouse/contracts/first-data';
import { FIXTURE_WEB_ROOT } from './app';

// Decision 015 in API tests: a stand-in for the web build's server-render bundle that answers with what it was asked
// (the real one is the browser journeys'), and a request made with the cookie `render=fails` fails to render.
const STAND_IN = `
export async function render(request) {
  if (request.cookies.includes('render=fails')) throw new Error('the render failed');
  return '<main id="rendered">' + Buffer.from(JSON.stringify(request)).toString('base64') + '</main>';
}
`;

/** A copy of the fixture web build with the stand-in render; `remove` deletes it. */
export function standInWebRoot(): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'storyhouse-ssr-'));
  cpSync(FIXTURE_WEB_ROOT, root, { recursive: true });
  mkdirSync(path.join(root, '.ssr'));
  writeFileSync(path.join(root, '.ssr', 'entry-server.js'), STAND_IN);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** What the page's root holds: the request the render was asked (decoded), or null when the root is empty. */
export function renderedFor(html: string): RenderRequest | null {
  const inner = /<div id="root">(.*?)<\/div>/s.exec(html)?.[1];
  if (inner === undefined) throw new Error('no root in the page');
  if (inner === '') return null;
  const encoded = /<main id="rendered">([^<]*)<\/main>/.exec(inner)?.[1];
  if (!encoded) throw new Error(`unexpected root: ${inner}`);
  return JSON.parse(Buffer.from(encoded, 'base64').toString()) as RenderRequest;
}

/** The page's embedded first data (decision 014); null when it has none. */
export const embeddedOf = (html: string) =>
  JSON.parse(new RegExp(`id="${FIRST_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1] ?? 'null') as FirstData | null;
