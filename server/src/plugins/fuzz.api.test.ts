import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '../../test/app';
import { createUser, signIn, type TestUser } from '../../test/factories';

/**
 * No input makes a 500 (issue item 4). Every route and method the OpenAPI
 * document lists at run time gets, one at a time, bad values in each path
 * parameter, query parameter and body field (U+0000, a megabyte, numbers
 * past PostgreSQL's integer and JavaScript's safe range, wrong types), and
 * bad bodies (empty, invalid JSON, arrays, unknown fields), each on top of an
 * otherwise valid request so the bad value is the only thing wrong. Twice:
 * as a visitor, and as a signed-in admin so admin routes get past
 * authorization. Deterministic, so a failure reproduces.
 *
 * A case fails on a 5xx, and also when only the database refused the input
 * (errors.ts turns that into a 400, but the contracts should have refused it
 * first, with a field message).
 */

const NUL = '\u0000';
// Under the 1 MiB body limit with the JSON around it, so it reaches validation (a longer one is a 413).
const MEGABYTE = 'x'.repeat(1_000_000);

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
}
interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** One request of the fuzz: the parts of a valid request with one of them made bad. */
interface Case {
  what: string;
  path: Record<string, string>;
  /** Query values; an array of text repeats the key, objects become bracketed keys (`options[0][width]`). */
  query: Record<string, unknown>;
  /** A raw query string appended as it is (malformed escapes). */
  rawQuery?: string;
  /** undefined: no body; a string: sent as it is. */
  body?: unknown;
  contentType?: string;
}

let t: TestApp;
let logs: ReturnType<typeof captureLogs>;
let admin: TestUser;
let doc: OpenApi;

beforeAll(async () => {
  logs = captureLogs();
  // Thousands of requests: limits up (and a client address per request, below), so they reach validation.
  t = await createTestApp({
    webRoot: null,
    env: { RATE_LIMIT_FACTOR: '1000' },
    loginDelay: async () => {},
    logger: { ...logs.logger, level: 'warn' },
    // What a contract that let a NUL or an overflow through would cause (hidden: not fuzzed).
    routes: (app) => {
      app.get('/test/database-refuses/:what', { schema: { hide: true } }, async (request) => {
        const what = (request.params as { what: string }).what;
        await (what === 'text' ? sql`select ${`a${NUL}b`}::text` : sql`select ${'2147483648'}::int4`).execute(app.db);
        return {};
      });
    },
  });
  admin = await createUser(t.db, { is_admin: true });
  doc = (await t.app.inject({ method: 'GET', url: '/crud/openapi.json' })).json();
});
afterAll(() => t.close());

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(doc.components?.schemas?.[name]);
  }
  return schema;
}

/**
 * The load balancer's probes take no input, and their 503 is an answer about the database and the storage, not about
 * the request: on a loaded machine /readyz rightly says a check took over 3 s. Their own tests are health.api.test.ts.
 */
const PROBES = new Set(['/healthz', '/readyz']);

function operations(): Operation[] {
  const methods = ['get', 'head', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    PROBES.has(path)
      ? []
      : Object.entries(item)
          .filter(([method]) => methods.includes(method))
          .map(([method, op]) => ({
            method: method.toUpperCase(),
            path,
            parameters: op.parameters ?? [],
            body: op.requestBody?.content?.['application/json']?.schema,
          })),
  );
}

/** Strings tried against a `pattern` until one fits (a token, a year, a path). */
const patternCandidates = ['fuzz', '1980', '/fuzz', 'a'.repeat(43), 'en', 'x'];

/** A valid value for a schema, guessing from the field name where JSON Schema cannot say (e-mail, confirmations). */
function sample(raw: Schema | undefined, name: string): unknown {
  const schema = resolve(raw);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const option = options.map(resolve).find((o) => o.type !== 'null') ?? options[0];
    return sample(option, name);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (/e-?mail/i.test(name)) return 'fuzz@example.test';
      if (/password/i.test(name)) return 'correct horse battery staple';
      const fits = (s: string) =>
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(s)) &&
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
      return patternCandidates.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      if (/^(id|userId|user_id)$/.test(name)) return admin.id;
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name));
    case 'object': {
      const props = schema.properties ?? {};
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(props[key], key)]));
    }
    default:
      return 'x';
  }
}

/** Every field of a body with its schema: nested objects' fields and an array's first element included. */
function fields(raw: Schema | undefined, prefix: (string | number)[] = [], depth = 0): [(string | number)[], Schema][] {
  const schema = resolve(raw);
  if (depth > 4) return [];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.flatMap((o) => fields(o, prefix, depth + 1));
  const out: [(string | number)[], Schema][] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    out.push([[...prefix, key], child]);
    out.push(...fields(child, [...prefix, key], depth + 1));
  }
  if (schema.items) out.push(...fields(schema.items, [...prefix, 0], depth + 1));
  return out;
}

function withField(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
    } else {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

type Kind = 'text' | 'choice' | 'number' | 'other';

/** What a slot holds, for the bad values worth trying on it (a number's bounds are not a string's). */
function kindOf(raw: Schema | undefined): Kind {
  const schema = resolve(raw);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const kinds = options.map(kindOf);
    return kinds.includes('number') ? 'number' : kinds.includes('text') ? 'text' : kinds.includes('choice') ? 'choice' : 'other';
  }
  if (schema.enum || 'const' in schema) return 'choice';
  const types = [schema.type].flat();
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('string')) return 'text';
  if (types.includes('boolean')) return 'choice';
  return 'other';
}

type Values<T> = Record<Kind | 'any', [label: string, value: T][]>;

/** Bad JSON values for a body field: wrong types for any field, then what each kind must bound. */
const badValues: Values<unknown> = {
  any: [
    ['NUL in text', `fuzz${NUL}@example.test`],
    ['2^31', 2 ** 31],
    ['null', null],
    ['true', true],
    ['array of text', ['fuzz', NUL]],
    ['object with NUL', { value: NUL, [`key${NUL}`]: 1 }],
  ],
  text: [
    ['only NUL', NUL],
    ['a megabyte', MEGABYTE],
  ],
  choice: [['empty text', '']],
  number: [
    ['2^53 + 2', 2 ** 53 + 2],
    ['1e308', 1e308],
    ['-1', -1],
    ['-(2^31) - 1', -(2 ** 31) - 1],
    ['-1e308', -1e308],
    ['1.5', 1.5],
    ['2^31 as text', String(2 ** 31)],
    ['hex text', '0x11'],
  ],
  other: [
    ['a megabyte', MEGABYTE],
    ['empty array', []],
    ['empty object', {}],
  ],
};

/** Bad text for a query parameter (a repeated key is an array, a bracketed one an object). */
const badQueryValues: Values<string | string[]> = {
  any: [
    ['NUL in text', `fuzz${NUL}`],
    ['repeated', ['1', `fuzz${NUL}`]],
    ['empty', ''],
  ],
  text: [
    ['only NUL', NUL],
    ['a megabyte', MEGABYTE],
  ],
  choice: [],
  number: [
    ['2^31', String(2 ** 31)],
    ['2^53 + 2', '9007199254740994'],
    ['1e308', '1e308'],
    ['-1', '-1'],
    ['-(2^31) - 1', String(-(2 ** 31) - 1)],
    ['hex', '0x11'],
    ['1e1', '1e1'],
    ['1.5', '1.5'],
    ['leading space', ' 17'],
  ],
  other: [['a megabyte', MEGABYTE]],
};

/** Bad path segments (sent percent-encoded). */
const badPathValues: Values<string> = {
  any: [
    ['NUL in text', `fuzz${NUL}`],
    ['long', 'x'.repeat(600)],
    ['dots', '..'],
  ],
  text: [['2^31', String(2 ** 31)]],
  choice: [],
  number: [
    ['2^31', String(2 ** 31)],
    ['2^53 + 2', '9007199254740994'],
    ['1e308', '1e308'],
    ['1e1', '1e1'],
    ['-1', '-1'],
    ['hex', '0x11'],
    ['leading space', ' 17'],
    ['leading zero', '017'],
  ],
  other: [],
};

const valuesFor = <T>(values: Values<T>, schema: Schema | undefined) => [...values.any, ...values[kindOf(schema)]];

/** Bad whole bodies, as raw text with their content type. */
const badBodies: [label: string, raw: string, contentType?: string][] = [
  ['empty body', ''],
  ['invalid JSON', '{"a": '],
  ['JSON null', 'null'],
  ['JSON array', '[]'],
  ['JSON string', '"fuzz"'],
  ['JSON number', '2147483648'],
  ['a prototype key', '{"__proto__": {"is_admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ['deep nesting', `${'['.repeat(2000)}${']'.repeat(2000)}`],
  ['NUL escaped in JSON', '{"\\u0000": "\\u0000"}'],
  ['form-encoded', 'a=1', 'application/x-www-form-urlencoded'],
  ['plain text', 'fuzz', 'text/plain'],
];

function cases(op: Operation): Case[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema, p.name))]));
  const query = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, sample(p.schema, p.name)]));
  const body = op.body ? sample(op.body, 'body') : undefined;
  const base: Case = { what: 'valid request', path, query, body };
  const out: Case[] = [base];

  for (const param of pathParams) {
    for (const [label, value] of valuesFor(badPathValues, param.schema)) {
      out.push({ ...base, what: `path ${param.name}: ${label}`, path: { ...path, [param.name]: value } });
    }
  }
  for (const param of queryParams) {
    for (const [label, value] of valuesFor(badQueryValues, param.schema)) {
      out.push({ ...base, what: `query ${param.name}: ${label}`, query: { ...query, [param.name]: value } });
    }
    out.push({ ...base, what: `query ${param.name}: nested key`, query: { ...query, [`${param.name}[0][a]`]: NUL } });
  }
  out.push({ ...base, what: 'query: unknown parameter', query: { ...query, fuzz_unknown: NUL } });
  out.push({ ...base, what: 'query: malformed escape', rawQuery: 'fuzz=%ZZ&%00=%00' });
  if (op.body) {
    for (const [field, schema] of fields(op.body)) {
      for (const [label, value] of valuesFor(badValues, schema)) {
        out.push({ ...base, what: `body ${field.join('.')}: ${label}`, body: withField(body, field, value) });
      }
    }
    out.push({ ...base, what: 'body: unknown field', body: { ...(body as object), fuzz_unknown: NUL } });
    out.push({ ...base, what: 'body: the body in an array', body: [body] });
  }
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    for (const [label, raw, contentType = 'application/json'] of badBodies) {
      out.push({ ...base, what: `body: ${label}`, body: raw, contentType });
    }
  }
  return out;
}

function flatten(prefix: string, value: unknown, out: [string, string][]) {
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) flatten(`${prefix}[${k}]`, v, out);
  } else {
    out.push([prefix, String(value)]);
  }
}

function url(op: Operation, c: Case) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.path[name] ?? 'x'));
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(c.query)) {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) for (const v of value) pairs.push([key, v]);
    else flatten(key, value, pairs);
  }
  const search = [new URLSearchParams(pairs).toString(), c.rawQuery].filter(Boolean).join('&');
  return search ? `${path}?${search}` : path;
}

/** A readable description of an input: long strings shortened, NUL shown. */
function show(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'none';
  const shortened = text.length > 120 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
  return JSON.stringify(shortened);
}

/** The megabyte as JSON, in bytes made once (`"xx…x"`). */
const MEGABYTE_JSON = Buffer.from(JSON.stringify(MEGABYTE));
/** What stands for the megabyte while the rest of a body is written, and how it then reads in the JSON. */
const MEGABYTE_MARK = '\u0001the megabyte';
const MEGABYTE_MARK_JSON = JSON.stringify(MEGABYTE_MARK);

/**
 * A body as the JSON text sent. One holding the megabyte goes as a stream of the text around it and MEGABYTE_JSON,
 * with its Content-Length: the same bytes, without a new megabyte of text and of bytes per request (a string payload
 * is turned into bytes whole), which cost this suite more than the rest of its requests' bodies together; a route
 * that refuses the caller before reading the body never reads the stream.
 */
function jsonPayload(body: unknown, headers: Record<string, string>): string | Readable {
  const text = JSON.stringify(body, (_key, value) => (value === MEGABYTE ? MEGABYTE_MARK : value));
  const around = text.split(MEGABYTE_MARK_JSON);
  if (around.length === 1) return text;
  const chunks = around.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [MEGABYTE_JSON, Buffer.from(part)]));
  headers['content-length'] = String(chunks.reduce((length, chunk) => length + chunk.length, 0));
  return Readable.from(chunks);
}

let sequence = 0;

/** Sends every case of every operation, a few at a time; returns the failures, described. */
async function fuzz(role: 'visitor' | 'admin') {
  const work = operations().flatMap((op) => cases(op).map((c) => ({ op, c })));
  const failures: string[] = [];
  // The admin's session per operation, renewed when a request ends or replaces it (logout, impersonation).
  const sessions = new Map<Operation, Promise<string>>();
  const sessionFor = (op: Operation) => {
    if (!sessions.has(op)) sessions.set(op, signIn(t.db, admin.id));
    return sessions.get(op) as Promise<string>;
  };

  async function send({ op, c }: (typeof work)[number]) {
    const n = ++sequence;
    const requestId = `fuzz-${n}`;
    const headers: Record<string, string> = { 'x-request-id': requestId };
    if (role === 'admin') headers.cookie = await sessionFor(op);
    const options: InjectOptions = {
      method: op.method as InjectOptions['method'],
      url: url(op, c),
      headers,
      // A client address per request: per-address limits stay out of the way.
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    };
    if (c.contentType !== undefined) {
      headers['content-type'] = c.contentType;
      options.payload = c.body as string;
    } else if (c.body !== undefined) {
      headers['content-type'] = 'application/json';
      options.payload = jsonPayload(c.body, headers);
    }
    const res = await t.app.inject(options);
    if (role === 'admin' && res.cookies.some((cookie) => cookie.name === 'sid')) sessions.delete(op);
    const lines = logs.lines.filter((l) => l.reqId === requestId);
    const refused = lines.some((l) => l.msg === 'input refused by the database');
    if (res.statusCode >= 500 || refused) {
      const error = (lines.find((l) => l.err)?.err as { message?: string } | undefined)?.message;
      failures.push(
        `${role} ${op.method} ${op.path} — ${c.what}: ${res.statusCode}${refused ? ' (refused only by the database)' : ''}` +
          `\n    url ${show(options.url)} body ${show(c.contentType === undefined ? JSON.stringify(c.body) : c.body)}` +
          `${error ? `\n    ${error}` : ''}`,
      );
    }
  }

  // A few requests in flight: hashing and I/O overlap, and the whole run stays in seconds.
  let next = 0;
  const worker = async () => {
    while (next < work.length) await send(work[next++] as (typeof work)[number]);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { failures, sent: work.length };
}

describe('fuzz: every route of the OpenAPI document with bad input', () => {
  it('finds the routes to fuzz', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /crud/login', 'POST /crud/admin/masquerade/{userId}', 'GET /crud/search']),
    );
  });

  it.each(['visitor', 'admin'] as const)(
    'never answers 5xx to a %s',
    async (role) => {
      const { failures, sent } = await fuzz(role);
      expect(sent).toBeGreaterThan(1000);
      expect(failures, `${failures.length} requests failed:\n${failures.join('\n')}`).toEqual([]);
    },
    300_000,
  );
});

describe('the inputs that made 500s (issue item 4)', () => {
  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

  it('refuses a NUL in the login e-mail with a field message in the site language', async () => {
    const res = await post('/crud/login', { email: `a${NUL}@example.test`, password: 'whatever it is' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: expect.any(String),
      fields: { email: 'Contains a character that is not allowed' },
    });
    const es = await post('/crud/login?test_spanish_site=1', { email: `a${NUL}@example.test`, password: 'x' });
    expect(es.json().fields).toEqual({ email: 'Contiene un carácter no permitido' });
  });

  it('refuses a NUL in a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/search?q=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'querystring.q': 'Contains a character that is not allowed' });
  });

  it('refuses a user id past PostgreSQL integer in a masquerade, as an admin', async () => {
    const cookie = await signIn(t.db, admin.id);
    const res = await post('/crud/admin/masquerade/2147483648', undefined, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { 'params.userId': 'Must be at most 2147483647' } });
    // Hexadecimal is not a decimal id: 0x11 is not user 17.
    const hex = await post('/crud/admin/masquerade/0x11', undefined, cookie);
    expect(hex.statusCode).toBe(400);
    expect(hex.json().fields).toEqual({ 'params.userId': 'Invalid' });
  });

  it('refuses a country past PostgreSQL integer in the account update', async () => {
    const user = await createUser(t.db);
    const res = await post(
      `/crud/user-account/${user.id}`,
      {
        user: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: user.email,
          emailConfirm: user.email,
          country: 2147483648,
        },
      },
      await signIn(t.db, user.id),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { 'user.country': 'Must be at most 2147483647' } });
  });
});

describe('belt and braces: input the database refuses', () => {
  it.each(['text', 'integer'])('is a 400 bad_request logged as a warning, not a 500 (%s)', async (what) => {
    const requestId = `belt-${what}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/test/database-refuses/${what}`,
      headers: { 'x-request-id': requestId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request' });
    const line = logs.lines.find((l) => l.reqId === requestId);
    expect(line).toMatchObject({ level: 40, msg: 'input refused by the database' });
  });
});
