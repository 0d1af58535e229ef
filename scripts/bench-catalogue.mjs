// The catalogue part of `npm run bench` (issue 3 "Measured"): GET
// /crud/product/skus, a page of 20, with and without a search term, on
// PostgreSQL holding 10,000 products and 50,000 tracks, against a bare
// Fastify server returning the same JSON from memory. Throughput and p99
// latency come from autocannon, both servers measured in this run.
// Run alone with `node scripts/bench-catalogue.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_DATABASE_URL,
  compare,
  demoDatabase,
  describe,
  importTs,
  postgresHere,
  SMOKE,
  sized,
  startBare,
  startServer,
  stop,
} from './bench-helpers.mjs';

export async function benchCatalogue() {
  if (!(await postgresHere('catalogue'))) return;
  const { createCatalogueFixture } = await importTs('../server/bench/catalogue-fixture.ts');
  // The smoke run's catalogue goes into the database its steps share, whose server is started once.
  const into = SMOKE ? (await demoDatabase('catalogue')).url : undefined;
  const started = Date.now();
  const fixture = await createCatalogueFixture({ adminUrl: BENCH_DATABASE_URL, products: sized(10_000, 200), into });
  console.log(
    `catalogue fixture: ${fixture.products} products, ${fixture.tracks} tracks on PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    // Our server (the production bundle) with the fixture as its database.
    server = await startServer(fixture.url);

    // What the shop page asks for (web/src/features/shop/api/get-products.ts).
    const list = '/crud/product/skus?page=1&available=1&lang_code=en';
    const paths = [list, `${list}&search=${fixture.searchTerm}`];
    const bodies = {};
    for (const p of paths) {
      const res = await fetch(server.base + p);
      const body = await res.text();
      const parsed = JSON.parse(body);
      // A full page of 20 (the smoke run's small catalogue may have fewer matches).
      if (res.status !== 200 || !(parsed.count > 0) || parsed.items.length !== Math.min(20, parsed.count))
        throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
      bodies[p] = body;
      console.log(
        `GET ${p}: ${parsed.count} products match, ${parsed.tracks.length} tracks, ${(body.length / 1024).toFixed(0)} KB`,
      );
    }
    bare = await startBare(tmp, bodies);

    for (const p of paths) {
      const { ours, ref, ratio } = await compare(server.base, bare.base, p);
      console.log(
        `GET ${p}: ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 40%, p99 under 50 ms)`,
      );
    }
  } finally {
    if (bare) await stop(bare.child);
    await server?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCatalogue();
