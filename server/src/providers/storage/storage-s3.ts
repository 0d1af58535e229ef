import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_PAYLOAD_HASH, type SigV4Credentials, sha256Hex, signV4, uriEncode } from './sigv4';
import { assertStorageKey, type ByteRange, type Storage, type StoredFile } from './storage';

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

/** A failed call to the object store: logged as an unexpected error, never shown to a visitor. */
export class S3Error extends Error {}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...), spoken to with fetch and
 * a SigV4 signature: HEAD for stat, GET with Range for reads, PUT for writes.
 */
export class S3Storage implements Storage {
  private readonly credentials: SigV4Credentials;

  constructor(private readonly options: S3Options) {
    this.credentials = {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    };
  }

  private url(key: string) {
    assertStorageKey(key);
    const base = new URL(this.options.endpoint);
    const encodedKey = key.split('/').map(uriEncode).join('/');
    const prefix = base.pathname.replace(/\/+$/, '');
    if (this.options.pathStyle) return new URL(`${base.origin}${prefix}/${this.options.bucket}/${encodedKey}`);
    return new URL(`${base.protocol}//${this.options.bucket}.${base.host}${prefix}/${encodedKey}`);
  }

  /** A signed call; a store that does not answer within RESPONSE_TIMEOUT_MS fails it (the body may then take its time). */
  private async send(method: string, key: string, headers: Record<string, string> = {}, body?: Buffer) {
    const url = this.url(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH;
    const signed = signV4(
      { method, url, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
      this.credentials,
    );
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new S3Error(`S3 ${method} ${key}: no answer`)), RESPONSE_TIMEOUT_MS);
    try {
      return await fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined, signal: abort.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new S3Error(`S3 HEAD ${key}: ${res.status}`);
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
      throw new S3Error(`S3 GET ${key}: ${res.status}`);
    }
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  }

  async write(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, { 'content-type': contentType }, data);
    await res.body?.cancel();
    if (!res.ok) throw new S3Error(`S3 PUT ${key}: ${res.status}`);
  }
}
