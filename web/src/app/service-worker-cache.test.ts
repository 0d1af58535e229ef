import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** The service worker (web/public/sw.js) in a stand-in worker scope: its fetch handler, a network that answers `page`, and the cache it writes. */
function serviceWorker(page: Response) {
  const handlers = new Map<string, (event: unknown) => void>();
  const stored = new Map<string, Response>();
  const cache = { put: async (key: string, res: Response) => void stored.set(key, res) };
  const scope = {
    location: { origin: 'http://localhost' },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  runInNewContext(readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8'), {
    self: scope,
    caches: { open: async () => cache, match: async (key: string) => stored.get(key), keys: async () => [] },
    fetch: async () => page,
    URL,
    Response,
  });
  /** Opens a page as a navigation; answers what the worker answered, once the cache has been written. */
  const navigate = async (url: string) => {
    let answered: Promise<Response> | undefined;
    handlers.get('fetch')?.({
      request: { method: 'GET', mode: 'navigate', url },
      respondWith: (r: Promise<Response>) => {
        answered = r;
      },
    });
    const res = await answered;
    await new Promise((resolve) => setTimeout(resolve, 0));
    return res;
  };
  return { navigate, stored };
}

const html = (cacheControl: string) =>
  new Response('<html>page</html>', { status: 200, headers: { 'content-type': 'text/html', 'cache-control': cacheControl } });

describe('the service worker’s offline copy of a page', () => {
  it('keeps the last page anyone may see, for the offline notice', async () => {
    const sw = serviceWorker(html('no-cache'));
    expect((await sw.navigate('http://localhost/shop'))?.status).toBe(200);
    expect(sw.stored.has('/__shell')).toBe(true);
  });

  it('never keeps a family’s page answered private, no-store (their library, orders, cart)', async () => {
    const sw = serviceWorker(html('private, no-store'));
    expect((await sw.navigate('http://localhost/library'))?.status).toBe(200);
    expect(sw.stored.size).toBe(0);
  });
});
