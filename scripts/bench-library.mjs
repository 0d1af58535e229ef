// The library part of `npm run bench` (issue 14 "Measured"), on PostgreSQL
// holding the demo content:
//  1. GET /crud/my-library?page=1 for a bench family owning 200 albums
//     (10 tracks each), against a bare Fastify route returning the same
//     JSON from memory, 16 connections (target: at least 30%, p99 under 20
//     ms, issue 47 item 4), with the CPU each server spends on a request
//     (nothing changes while it runs: the page is served as kept, checked
//     against the family's versions on each request, decision 088);
//  2. the ZIP of an owned 50-track album (the 50 demo recordings), streamed
//     by our server to one client, against reading the same 50 files from
//     disk in this process (target: at least 50% of its throughput);
//  3. how much the server's memory (RSS) grows while it streams that ZIP to
//     10 clients at once (target: under 50 MB).
// The family and its albums are the bench's own. Run alone with
// `node scripts/bench-library.mjs`.
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  compare,
  demoDatabase,
  describe,
  insertAlbum,
  insertUsers,
  sized,
  startBare,
  startServer,
  stop,
} from './bench-helpers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MEDIA = path.join(root, 'server/demo/media');
const ALBUMS = sized(200, 20);
const TRACKS_PER_ALBUM = 10;
const ZIP_TRACKS = sized(50, 5);
const ZIP_ROUNDS = sized(10, 1);
const ZIP_CLIENTS = sized(10, 2);

/** The demo's full recordings (previews left out), as storage keys: the 50-track album's files. */
export function recordings() {
  const keys = [];
  for (const dir of readdirSync(path.join(MEDIA, 'audio')).sort()) {
    for (const file of readdirSync(path.join(MEDIA, 'audio', dir)).sort()) {
      if (file.endsWith('.mp3') && !file.includes('preview')) keys.push(`audio/${dir}/${file}`);
    }
  }
  return keys;
}

/**
 * A bench family owning 200 albums of 10 tracks (one bought a day, newest today) and a 50-track album:
 * { cookie, zipProduct }.
 */
export async function ownLibrary(url, zipKeys) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const [family] = await insertUsers(db, 'bench-library', 1);
    const userId = family.id;
    await db.query('begin');
    await db.query(
      `insert into products (slug, title, description, lang_code, primary_image, release_date)
       select 'bench-library-' || g, 'Bench album ' || g, 'An album of the library bench, with a description of some length.',
         (array['en', 'es', 'ru'])[1 + g % 3], 'covers/in-the-beginning.jpg', date '2020-01-01' + g
       from generate_series(1, $1::int) g`,
      [ALBUMS],
    );
    await db.query(
      `insert into skus (product_id, type, title, full_price_cents, lang_code)
       select p.id, 'digital_album', p.title || ' (MP3 album)', 899, p.lang_code from products p where p.slug like 'bench-library-%'`,
    );
    await db.query(
      `insert into skus (product_id, type, title, description, full_price_cents, position, length_seconds, media_full, media_preview, lang_code)
       select p.id, 'digital_track', p.title || ' track ' || n, 'A story of the bench.', 99, n, 300,
         'audio/noahs-big-boat/01.mp3', 'audio/noahs-big-boat/01-preview.mp3', p.lang_code
       from products p cross join generate_series(1, $1::int) n where p.slug like 'bench-library-%'`,
      [TRACKS_PER_ALBUM],
    );
    await db.query(
      `insert into ownership (user_id, sku_id, product_id, type, granted_at)
       select $1, s.id, s.product_id, 'digital_album', now() - (row_number() over (order by s.id)) * interval '1 day'
       from skus s join products p on p.id = s.product_id
       where p.slug like 'bench-library-%' and s.type = 'digital_album'`,
      [userId],
    );
    const { productId, albumId } = await insertAlbum(db, {
      slug: 'bench-zip-album',
      title: 'Fifty stories',
      cents: 2999,
      trackKeys: zipKeys,
      releaseDate: '2019-01-01',
    });
    await db.query(
      `insert into ownership (user_id, sku_id, product_id, type, granted_at) values ($1, $2, $3, 'digital_album', now() - interval '1 year')`,
      [userId, albumId, productId],
    );
    await db.query('commit');
    return { cookie: family.cookie, zipProduct: productId };
  } finally {
    await db.end();
  }
}

/** Downloads url to nowhere; resolves with the bytes received. */
function download(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Reads the files one after the other, as the ZIP does, and drops the bytes; resolves with their total. */
async function readFiles(files) {
  let bytes = 0;
  for (const file of files) for await (const chunk of createReadStream(file)) bytes += chunk.length;
  return bytes;
}

/** MiB/s of `rounds` runs of `once` (each resolving with its bytes), after one warm-up run. */
async function rate(once, rounds = ZIP_ROUNDS) {
  await once();
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) bytes += await once();
  return bytes / ((performance.now() - started) / 1000) / 1024 / 1024;
}

/** The resident memory of a process, in MiB (Linux /proc). */
function rssOf(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

export async function benchLibrary() {
  const fixture = await demoDatabase('library');
  if (!fixture) return;
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    const zipKeys = recordings().slice(0, ZIP_TRACKS);
    if (zipKeys.length < ZIP_TRACKS) throw new Error(`only ${zipKeys.length} demo recordings for a ${ZIP_TRACKS}-track album`);
    const { cookie, zipProduct } = await ownLibrary(fixture.url, zipKeys);

    server = await startServer(fixture.url);

    // 1. The library's first page.
    const p = '/crud/my-library?page=1';
    const res = await fetch(server.base + p, { headers: { cookie } });
    const body = await res.text();
    const library = JSON.parse(body);
    if (res.status !== 200 || library.items.length !== 12 || library.total !== ALBUMS + 1) {
      throw new Error(`${p}: not the library meant to be measured: ${res.status} ${body.slice(0, 300)}`);
    }
    console.log(
      `GET ${p}: ${library.total} albums owned, ${library.items.length} on the page with ${library.items.reduce((n, a) => n + a.tracks.length, 0)} tracks, ${(body.length / 1024).toFixed(1)} KB`,
    );
    bare = await startBare(tmp, { [p]: body });
    const { ours, ref, ratio } = await compare(
      server.base,
      bare.base,
      p,
      { duration: 2 },
      { cookie },
      { connections: 16, ours: server.child, bare: bare.child },
    );
    console.log(
      `GET ${p} (signed in, 16 connections): ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 30%, p99 under 20 ms)`,
    );

    // 2. The 50-track album's ZIP against reading its files from disk.
    const zipUrl = `${server.base}/crud/my-library/product/${zipProduct}/download`;
    const files = zipKeys.map((k) => path.join(MEDIA, k));
    const fileBytes = files.reduce((n, f) => n + statSync(f).size, 0);
    const zipBytes = await download(zipUrl, cookie);
    if (zipBytes < fileBytes) throw new Error(`the ZIP (${zipBytes} bytes) is smaller than its files (${fileBytes})`);
    const disk = await rate(() => readFiles(files));
    const zip = await rate(() => download(zipUrl, cookie));
    console.log(
      `ZIP of a ${ZIP_TRACKS}-track album (${(zipBytes / 1024 / 1024).toFixed(1)} MiB), one client: ${zip.toFixed(0)} MiB/s vs reading the files from disk ${disk.toFixed(0)} MiB/s = ${((zip / disk) * 100).toFixed(0)}% (target 50%)`,
    );

    // 3. Memory while 10 clients download it at once.
    const pid = server.child.pid;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    const started = performance.now();
    const sizes = await Promise.all(Array.from({ length: ZIP_CLIENTS }, () => download(zipUrl, cookie)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const total = sizes.reduce((n, s) => n + s, 0);
    console.log(
      `ZIP to ${ZIP_CLIENTS} clients at once: ${(total / seconds / 1024 / 1024).toFixed(0)} MiB/s in all; server memory ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB: grew ${(peak - before).toFixed(1)} MiB (target under 50 MB)`,
    );
  } finally {
    if (bare) await stop(bare.child);
    await server?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchLibrary();
