// The CMS part of `npm run bench` (issue 4 "Measured"): GET
// /crud/content/entry/by/url for the home page, as the web app asks for it,
// on PostgreSQL holding the demo content, against a bare Fastify server
// returning the same JSON from memory; target: at least 50% of its
// throughput. Throughput and p99 latency come from autocannon, both servers
// measured in this run. Run alone with `node scripts/bench-cms.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cannon, compare, demoDatabase, describe, SMOKE, startBare, startServer, stop } from './bench-helpers.mjs';

const HOME = '/crud/content/entry/by/url?url=%2F&swr=1';

export async function benchCms() {
  // What is measured is the demo content's home page.
  const fixture = await demoDatabase('CMS');
  if (!fixture) return;
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    // Our server (the production bundle) with the fixture as its database.
    server = await startServer(fixture.url);

    const res = await fetch(server.base + HOME);
    const body = await res.text();
    if (res.status !== 200 || JSON.parse(body).cms_template !== 'home-page') {
      throw new Error(`${HOME}: ${res.status} ${body.slice(0, 200)}`);
    }
    console.log(`GET ${HOME}: the home page, ${(body.length / 1024).toFixed(1)} KB`);
    bare = await startBare(tmp, { [HOME]: body });

    // The first few thousand requests of a fresh server cost it about three times the CPU of later ones (JIT), and
    // this route is cheap enough that 2 s of warm-up ends before that: warm up by a number of requests instead.
    const { ours, ref, ratio } = await compare(server.base, bare.base, HOME, { amount: 20_000 });
    console.log(`GET ${HOME}: ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 50%)`);

    // As a browser asks for it: brotli. The page is compressed once per cached page, not per request.
    const br = await cannon({
      url: server.base + HOME,
      connections: 10,
      ...(SMOKE ? { amount: 20 } : { duration: 10 }),
      headers: { 'accept-encoding': 'br' },
    });
    if (br.non2xx || br.errors) throw new Error(`${HOME} with br: ${br.non2xx} non-2xx, ${br.errors} errors`);
    console.log(
      `GET ${HOME} with Accept-Encoding: br: ${describe(br)} = ${((br.requests.average / ours.requests.average) * 100).toFixed(0)}% of the uncompressed answer`,
    );
  } finally {
    if (bare) await stop(bare.child);
    await server?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCms();
