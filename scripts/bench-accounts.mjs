// The accounts part of `npm run bench` (issue 5 "Measured"):
//  1. login throughput, bounded by the password hash by design: scrypt
//     N=2^17 r=8 p=1 (128 MiB) timed in this process on one core, and POST
//     /crud/login over HTTP (a bench account with a full-cost hash like any
//     real account, 2 at a time) on the server;
//  2. GET /crud/session and GET /crud/user for a signed-in user against a bare
//     Fastify route returning the same JSON from memory (target: at least 30%).
// On PostgreSQL holding the demo content; the account is the bench's own.
// Run alone with `node scripts/bench-accounts.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { compare, demoDatabase, describe, importTs, insertUsers, sized, startBare, startServer, stop } from './bench-helpers.mjs';

const LOGINS = sized(24, 2);
const { Client } = pg;
const PASSWORD = 'a bench family listens along';

export async function benchAccounts() {
  const { hashPassword, verifyPassword, PASSWORD_HASH_PARAMS } = await importTs('../server/src/modules/accounts/password.ts');

  // 1a. The hash alone, one core.
  const stored = await hashPassword(PASSWORD);
  const hashRuns = sized(8, 1);
  let started = process.hrtime.bigint();
  for (let i = 0; i < hashRuns; i++) await verifyPassword(PASSWORD, stored);
  const perHash = Number(process.hrtime.bigint() - started) / 1e6 / hashRuns;
  const { N, r, p } = PASSWORD_HASH_PARAMS;
  console.log(
    `password hash: scrypt N=2^${Math.log2(N)} r=${r} p=${p} (${(128 * N * r) / 2 ** 20} MiB): ${perHash.toFixed(0)} ms per verify = ${(1000 / perHash).toFixed(1)} logins/s per core (${cpus().length} cores here)`,
  );

  const fixture = await demoDatabase('accounts');
  if (!fixture) return;
  // The bench's own account, with a full-cost hash as any real account has (the demo accounts' is cheap: their
  // passwords are public): that is what a login costs.
  const pg = new Client({ connectionString: fixture.url });
  await pg.connect();
  const [account] = await insertUsers(pg, 'bench-login', 1, { passwordHash: stored });
  await pg.end();
  const credentials = { email: account.email, password: PASSWORD };
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    // Each bench login comes "from" its own client address (behind a trusted proxy), so the per-IP login limit measures nothing here.
    server = await startServer(fixture.url, { TRUST_PROXY: 'true' });
    let seq = 0;
    const login = async () => {
      seq += 1;
      const res = await fetch(`${server.base}/crud/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(seq / 250)}.${(seq % 250) + 1}` },
        body: JSON.stringify(credentials),
      });
      if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
      return res.headers.get('set-cookie')?.split(';')[0];
    };

    // 1b. Logins over HTTP, as many at a time as there are cores.
    await login(); // warm-up
    const parallel = Math.max(1, cpus().length);
    started = process.hrtime.bigint();
    let done = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (done < LOGINS) {
          done++;
          await login();
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const rate = LOGINS / seconds;
    console.log(
      `POST /crud/login: ${rate.toFixed(1)} logins/s with ${parallel} at a time on ${cpus().length} cores = ${(rate / cpus().length).toFixed(1)} logins/s per core`,
    );

    // 2. Signed-in reads against the bare reference.
    const cookie = await login();
    const paths = ['/crud/session', '/crud/user'];
    const bodies = {};
    for (const p of paths) {
      const res = await fetch(server.base + p, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(`"${account.email}"`) === (p === '/crud/user')) {
        throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
      }
      bodies[p] = body;
    }
    bare = await startBare(tmp, bodies);
    {
      // Context: the same route for a visitor (no cookie, no database query) shows what the framework alone costs.
      const { ours, ref, ratio } = await compare(server.base, bare.base, '/crud/session', { amount: 10_000 });
      console.log(`GET /crud/session (visitor, no database): ${describe(ours)} vs bare ${describe(ref)} = ${ratio.toFixed(0)}%`);
    }
    for (const p of paths) {
      const { ours, ref, ratio } = await compare(server.base, bare.base, p, { amount: 10_000 }, { cookie });
      console.log(`GET ${p} (signed in): ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 30%)`);
    }
  } finally {
    if (bare) await stop(bare.child);
    await server?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchAccounts();
