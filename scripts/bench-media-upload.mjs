// The uploads part of `npm run bench` (issue 30 item 2 "Measured"): a 60 MB
// MP3 uploaded by a bench admin (curl, multipart, POST /crud/admin/media)
// to local storage and to an S3-compatible stand-in (a small server in this
// process taking PUTs and multipart uploads, keeping the object in memory),
// each in MB/s against copying the same file with the platform's own tools
// (cp to a folder on the same disk, then sync, since the upload too is on
// disk before it is in place; curl -T, one PUT, to the stand-in), with
// a target of at least 50%; and the server's memory (RSS) while it takes the
// upload, which should stay flat (the file streamed, never held whole).
// The MP3 is the demo recordings' MPEG frames over and over. Run alone with
// `node scripts/bench-media-upload.mjs`.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoDatabase, insertAdmin, sized, startServer } from './bench-helpers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const FILE_MB = sized(60, 2);
const ROUNDS = sized(5, 1);

/** A 60 MB MP3: the MPEG frames of the demo's full recordings (ID3 tags left out), repeated. */
function bigMp3(file) {
  const dir = path.join(root, 'server/demo/media/audio/daniel-y-los-leones');
  const bodies = readdirSync(dir)
    .filter((f) => f.endsWith('.mp3') && !f.includes('preview'))
    .map((f) => {
      let b = readFileSync(path.join(dir, f));
      if (b.subarray(0, 3).toString() === 'ID3') b = b.subarray(10 + ((b[6] << 21) | (b[7] << 14) | (b[8] << 7) | b[9]));
      if (b.subarray(b.length - 128, b.length - 125).toString() === 'TAG') b = b.subarray(0, b.length - 128);
      return b;
    });
  const parts = [];
  for (let n = 0; n < FILE_MB * MB; ) {
    for (const b of bodies) {
      parts.push(b);
      n += b.length;
    }
  }
  writeFileSync(file, Buffer.concat(parts));
  return statSync(file).size;
}

/**
 * An S3-compatible stand-in (path-style): PUT of an object, and the multipart
 * calls (create, part, complete, abort), the object kept in memory once
 * whole. It checks no signature: it stands in for the store's speed only.
 */
async function s3StandIn() {
  const uploads = new Map();
  const objects = new Map();
  let next = 1;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url, 'http://stand-in');
      const body = Buffer.concat(chunks);
      const id = url.searchParams.get('uploadId');
      if (req.method === 'POST' && url.searchParams.has('uploads')) {
        const uploadId = `u${next++}`;
        uploads.set(uploadId, []);
        res.end(`<InitiateMultipartUploadResult><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
      } else if (id && req.method === 'PUT') {
        uploads.get(id)[Number(url.searchParams.get('partNumber')) - 1] = body;
        res.writeHead(200, { etag: `"part-${url.searchParams.get('partNumber')}"` }).end();
      } else if (id && req.method === 'POST') {
        objects.set(url.pathname, Buffer.concat(uploads.get(id)));
        uploads.delete(id);
        res.end('<CompleteMultipartUploadResult></CompleteMultipartUploadResult>');
      } else if (id && req.method === 'DELETE') {
        uploads.delete(id);
        res.writeHead(204).end();
      } else if (req.method === 'PUT') {
        objects.set(url.pathname, body);
        res.end();
      } else {
        res.writeHead(404).end();
      }
      // Only the latest object is kept: the stand-in's memory is not what is measured.
      for (const key of [...objects.keys()].slice(0, -1)) objects.delete(key);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    objects,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The resident memory of a process, in MiB (Linux /proc). */
function rssOf(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** Runs a tool without blocking this process (the S3 stand-in answers from it); resolves with its output. */
function tool(command, args) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 10 * MB }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

/** The best of ROUNDS timings of `run` (after one untimed run), in seconds. */
async function best(run) {
  await run();
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, (performance.now() - started) / 1000);
  }
  return fastest;
}

/** Uploads `file` as the admin with curl (multipart), and answers the server's JSON. */
async function curlUpload(base, cookie, file) {
  const out = await tool('curl', [
    '-sS',
    '--fail-with-body',
    '-H',
    `cookie: ${cookie}`,
    '-F',
    `file=@${file};type=audio/mpeg`,
    `${base}/crud/admin/media?kind=audio`,
  ]);
  return JSON.parse(out);
}

/** The server's memory before and at its peak while it takes one upload (sampled every 5 ms). */
async function memoryDuringUpload(base, cookie, file, pid) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  await curlUpload(base, cookie, file);
  clearInterval(sampler);
  return { before, peak: Math.max(peak, rssOf(pid)) };
}

async function measure(label, fixture, env, file, size, reference, check) {
  let server;
  try {
    const { cookie } = await insertAdmin(fixture.url, `bench-upload-admin-${env.MEDIA_STORAGE ?? 'local'}`);
    server = await startServer(fixture.url, { RATE_LIMIT_FACTOR: '1000', ...env });
    const stored = await curlUpload(server.base, cookie, file);
    if (stored.size !== size || !(stored.length_seconds > 0))
      throw new Error(`${label}: unexpected answer ${JSON.stringify(stored)}`);
    check(stored);
    const ours = await best(() => curlUpload(server.base, cookie, file));
    const theirs = await best(reference);
    const rate = (seconds) => size / MB / seconds;
    const { before, peak } = await memoryDuringUpload(server.base, cookie, file, server.child.pid);
    console.log(
      `Upload of a ${(size / MB).toFixed(0)} MiB MP3 (${Math.round(stored.length_seconds / 60)} min) to ${label}: ${rate(ours).toFixed(0)} MiB/s vs ${reference.tool} ${rate(theirs).toFixed(0)} MiB/s = ${((theirs / ours) * 100).toFixed(0)}% (target 50%); server memory ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB: grew ${(peak - before).toFixed(1)} MiB (flat: far under the file's ${(size / MB).toFixed(0)} MiB)`,
    );
  } finally {
    await server?.close();
  }
}

export async function benchMediaUpload() {
  const fixture = await demoDatabase('media uploads');
  if (!fixture) return;
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-upload-'));
  let s3;
  try {
    const file = path.join(tmp, 'big.mp3');
    const size = bigMp3(file);
    const mediaDir = path.join(tmp, 'media');
    const copies = path.join(tmp, 'copies');
    mkdirSync(copies);

    // The upload is flushed to disk before it is renamed into place (never half there after a crash): so is the copy.
    const copy = path.join(copies, 'big.mp3');
    const cp = async () => {
      await tool('cp', [file, copy]);
      await tool('sync', [copy]);
    };
    cp.tool = 'cp + sync';
    await measure('local storage', fixture, { MEDIA_DIR: mediaDir }, file, size, cp, (stored) => {
      if (statSync(path.join(mediaDir, stored.key)).size !== size) throw new Error('local storage: the stored file differs');
    });

    s3 = await s3StandIn();
    const put = () => tool('curl', ['-sS', '--fail', '-T', file, `${s3.endpoint}/bench/copy.mp3`]);
    put.tool = 'curl -T';
    const env = {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'bench',
      S3_ACCESS_KEY_ID: 'bench',
      S3_SECRET_ACCESS_KEY: 'bench-secret',
      S3_PATH_STYLE: 'true',
    };
    await measure('the S3 stand-in', fixture, env, file, size, put, (stored) => {
      if (s3.objects.get(`/bench/${stored.key}`)?.length !== size) throw new Error('S3 stand-in: the stored object differs');
    });
  } finally {
    await s3?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchMediaUpload();
