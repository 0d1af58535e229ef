import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_PAYLOAD_HASH, type SigV4Credentials, sha256Hex, signV4, uriEncode } from './sigv4';
import {
  assertStorageKey,
  type ByteRange,
  type Storage,
  StorageLimitError,
  StorageUnavailableError,
  type StoredFile,
} from './storage';

export interface S3Options {
  /** https://s3.us-east-1.amazonaws.com, http://minio:9000, ... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key (MinIO and most compatible services) rather than bucket.endpoint/key. */
  pathStyle: boolean;
}

const RESPONSE_TIMEOUT_MS = 15_000;

/**
 * The part size of a multipart upload: S3 wants at least 5 MiB for every
 * part but the last. One part is read while two before it are sent, so an
 * upload holds three parts in memory, whatever the file's size.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;
/** Parts sent at once: a store answers each part's PUT while the next ones travel. */
const S3_PARTS_IN_FLIGHT = 2;

/** A call the object store refused (a wrong key or bucket, a 4xx): logged as an unexpected error, never shown to a visitor. */
export class S3Error extends Error {}

/** The error of an answer that is not the one expected: the store not answering well (5xx) is unavailable, the rest refused. */
const failed = (what: string, status: number) =>
  status >= 500 ? new StorageUnavailableError(`${what}: ${status}`) : new S3Error(`${what}: ${status}`);

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...), spoken to with fetch and
 * a SigV4 signature: HEAD for stat, GET with Range for reads, PUT for writes.
 */
export class S3Storage implements Storage {
  private readonly credentials: SigV4Credentials;
  /** The connections bodies are sent on (putBody), kept open between parts as fetch's are. */
  private readonly agent: http.Agent;
  /**
   * Part buffers sent and free again (at most one upload's worth): an upload copies what arrives into them, so the
   * request's chunks die young and the next part reuses the memory. Holding the chunks themselves until their part
   * was sent made them outlive the young generation: 60 MB of them per upload, each freed only by a full garbage
   * collection of the heap (some 40% of the server's busy time under the bench's uploads).
   */
  private readonly spareParts: Buffer[] = [];

  constructor(private readonly options: S3Options) {
    this.credentials = {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    };
    const secure = new URL(options.endpoint).protocol === 'https:';
    this.agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  private url(key: string, query: Record<string, string> = {}) {
    assertStorageKey(key);
    const base = new URL(this.options.endpoint);
    const encodedKey = key.split('/').map(uriEncode).join('/');
    const prefix = base.pathname.replace(/\/+$/, '');
    const url = this.options.pathStyle
      ? new URL(`${base.origin}${prefix}/${this.options.bucket}/${encodedKey}`)
      : new URL(`${base.protocol}//${this.options.bucket}.${base.host}${prefix}/${encodedKey}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  /** A signed call; a store that does not answer within RESPONSE_TIMEOUT_MS fails it (the body may then take its time). */
  private async send(
    method: string,
    key: string,
    headers: Record<string, string> = {},
    body?: Buffer,
    query?: Record<string, string>,
  ) {
    const url = this.url(key, query);
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH;
    const signed = signV4(
      { method, url, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
      this.credentials,
    );
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new StorageUnavailableError(`S3 ${method} ${key}: no answer`)),
      RESPONSE_TIMEOUT_MS,
    );
    try {
      return await fetch(url, {
        method,
        headers: signed,
        body: body ? new Uint8Array(body.buffer, body.byteOffset, body.length) : undefined,
        signal: abort.signal,
      });
    } catch (err) {
      // No connection (refused, reset, a name that does not resolve) or no answer in time.
      if (err instanceof StorageUnavailableError) throw err;
      throw new StorageUnavailableError(`S3 ${method} ${key}: ${(err as Error).message}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A signed PUT of a body given as its chunks (an upload's part as it came, or a whole small file), sent with
   * node:http rather than fetch: fetch copies a body into a buffer of its own before sending it (8 MiB per part,
   * then garbage), node:http writes the chunks to the socket as they are. The store must answer within
   * RESPONSE_TIMEOUT_MS of the call, body sent included, as with send(); the answer's body is read and dropped so
   * the connection is used again.
   */
  private putBody(
    key: string,
    chunks: readonly Buffer[],
    length: number,
    {
      headers = {},
      query,
      unsignedBody,
    }: { headers?: Record<string, string>; query?: Record<string, string>; unsignedBody: boolean },
  ): Promise<{ status: number; etag: string | undefined; written: boolean }> {
    const url = this.url(key, query);
    const payloadHash = unsignedBody ? 'UNSIGNED-PAYLOAD' : sha256Chunks(chunks);
    const signed = signV4(
      { method: 'PUT', url, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
      this.credentials,
    );
    const what = `S3 PUT ${key}`;
    let retried = false;
    const send = (): Promise<{ status: number; etag: string | undefined; written: boolean }> =>
      new Promise((resolve, reject) => {
        const client = url.protocol === 'https:' ? https : http;
        const req = client.request(url, {
          method: 'PUT',
          agent: this.agent,
          headers: { ...signed, host: url.host, 'content-length': String(length) },
        });
        const timer = setTimeout(() => req.destroy(new StorageUnavailableError(`${what}: no answer`)), RESPONSE_TIMEOUT_MS);
        req.on('error', (err) => {
          clearTimeout(timer);
          if (err instanceof StorageUnavailableError) return reject(err);
          // A kept-alive connection the store closed as this request set out on it (its idle timeout): sent again
          // once, on a new connection. The body is in memory; nothing of it was taken.
          if (req.reusedSocket && !retried && ['ECONNRESET', 'EPIPE'].includes((err as NodeJS.ErrnoException).code ?? '')) {
            retried = true;
            return send().then(resolve, reject);
          }
          reject(new StorageUnavailableError(`${what}: ${err.message}`, { cause: err }));
        });
        req.on('response', (res) => {
          clearTimeout(timer);
          res.on('error', () => {});
          // The answer's few bytes read to their end (or the connection lost on the way: the store is not answering well).
          res.on('close', () => {
            if (!res.complete) reject(new StorageUnavailableError(`${what}: the answer was cut off`));
            const etag = res.headers.etag;
            resolve({
              status: res.statusCode ?? 0,
              etag: typeof etag === 'string' && etag ? etag : undefined,
              // Every byte of the body handed to the connection: its buffers are ours again.
              written: req.writableFinished,
            });
          });
          res.resume();
        });
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    return send();
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return undefined;
    if (!res.ok) throw failed(`S3 HEAD ${key}`, res.status);
    const etag = res.headers.get('etag') ?? '';
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      mtime: new Date(res.headers.get('last-modified') ?? 0),
      // S3's tag is an MD5 (or a multipart digest), quoted; keep it strong.
      etag: etag.startsWith('"') ? etag : `"${etag}"`,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const res = await this.send('GET', key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (res.status !== (range ? 206 : 200) || !res.body) {
      await res.body?.cancel();
      throw failed(`S3 GET ${key}`, res.status);
    }
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  }

  /** One PUT of a whole object, its body signed (hashed). */
  async write(key: string, data: Buffer, contentType: string): Promise<void> {
    const { status } = await this.putBody(key, [data], data.length, {
      headers: { 'content-type': contentType },
      unsignedBody: false,
    });
    if (status < 200 || status > 299) throw failed(`S3 PUT ${key}`, status);
  }

  private takePart() {
    return this.spareParts.pop() ?? Buffer.allocUnsafe(S3_PART_BYTES);
  }

  /** A part buffer whose bytes have gone: kept for the next part (never sent beyond what is filled anew). */
  private giveBack(part: Buffer) {
    if (this.spareParts.length <= S3_PARTS_IN_FLIGHT) this.spareParts.push(part);
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw failed(`S3 DELETE ${key}`, res.status);
  }

  /**
   * A file that fits in one part is one PUT. A larger one is a multipart
   * upload (CreateMultipartUpload, UploadPart per S3_PART_BYTES, then
   * CompleteMultipartUpload): S3 shows the object only once it is completed,
   * and an upload that fails on the way is aborted, so its parts go too.
   */
  async writeStream(key: string, source: Readable, contentType: string, limit: number): Promise<number> {
    let size = 0;
    // The part being filled, and how much of it is.
    let part: Buffer | undefined;
    let filled = 0;
    let upload: MultipartUpload | undefined;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) throw new StorageLimitError(limit);
        for (let offset = 0; offset < chunk.length; ) {
          part ??= this.takePart();
          const copied = chunk.copy(part, filled, offset);
          filled += copied;
          offset += copied;
          if (filled === S3_PART_BYTES) {
            upload ??= await this.startMultipart(key, contentType);
            await upload.add(part, filled);
            part = undefined;
            filled = 0;
          }
        }
      }
      if (!upload) {
        await this.write(key, part ? part.subarray(0, filled) : Buffer.alloc(0), contentType);
        if (part) this.giveBack(part);
        return size;
      }
      if (part) await upload.add(part, filled);
      await upload.complete();
      return size;
    } catch (err) {
      source.destroy();
      await upload?.abort();
      throw err;
    }
  }

  private async startMultipart(key: string, contentType: string): Promise<MultipartUpload> {
    const started = await this.send('POST', key, { 'content-type': contentType }, undefined, { uploads: '' });
    const xml = await started.text();
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(xml)?.[1];
    if (!started.ok || !uploadId) throw failed(`S3 CreateMultipartUpload ${key}`, started.status);
    const etags: string[] = [];
    // Parts on their way, at most S3_PARTS_IN_FLIGHT: sent side by side while the next is read.
    const sending: Promise<void>[] = [];
    const sendPart = async (number: number, part: Buffer, length: number) => {
      // As the AWS SDKs send streamed uploads over HTTPS: the body's integrity is TLS's, each hash 30 ms of CPU saved.
      const query = { partNumber: String(number), uploadId };
      const { status, etag, written } = await this.putBody(key, [part.subarray(0, length)], length, {
        query,
        unsignedBody: true,
      });
      if (status < 200 || status > 299 || !etag) throw failed(`S3 UploadPart ${key} #${number}`, status);
      etags[number - 1] = etag;
      if (written) this.giveBack(part);
    };
    let parts = 0;
    return {
      add: async (part, length) => {
        if (sending.length >= S3_PARTS_IN_FLIGHT) await sending.shift();
        parts += 1;
        const sent = sendPart(parts, part, length);
        // Seen when awaited (the next add, complete); a failure in between is not left unhandled.
        sent.catch(() => {});
        sending.push(sent);
      },
      complete: async () => {
        await Promise.all(sending);
        const list = etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`);
        const body = Buffer.from(`<CompleteMultipartUpload>${list.join('')}</CompleteMultipartUpload>`);
        const res = await this.send('POST', key, { 'content-type': 'application/xml' }, body, { uploadId });
        // S3 may answer 200 and still fail the completion, in the body.
        const answer = await res.text();
        if (!res.ok || answer.includes('<Error>')) throw failed(`S3 CompleteMultipartUpload ${key}`, res.status);
      },
      abort: async () => {
        await Promise.allSettled(sending);
        const res = await this.send('DELETE', key, {}, undefined, { uploadId }).catch(() => undefined);
        await res?.body?.cancel();
      },
    };
  }
}

interface MultipartUpload {
  /** Sends the next part: the first `length` bytes of `part`, which is not touched again until sent. */
  add(part: Buffer, length: number): Promise<void>;
  complete(): Promise<void>;
  /** Throws nothing: the upload is failing already. */
  abort(): Promise<void>;
}

/** The hex SHA-256 of a body given as chunks. */
function sha256Chunks(chunks: readonly Buffer[]) {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
