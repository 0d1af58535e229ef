import {
  type ErrorBody,
  type ErrorCode,
  isRefusal,
  issueMessage,
  issuePath,
  type LangCode,
  REFUSAL_PREFERENCE,
  type RefusalAnswer,
} from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { DatabaseUnavailableError } from '../db/connection-failure';
import { translators } from '../i18n';
import { closeAfterAnswer } from '../lib/close-after-answer';
import { AppError } from '../lib/errors';
import { PaymentUnavailableError } from '../providers/payments/payment-provider';
import { StorageUnavailableError } from '../providers/storage/storage';
import { describes } from './route-errors';

/**
 * How long a client is asked to wait when the database or the storage does not answer: a PostgreSQL restart or a
 * failover takes seconds, and the pool reconnects by itself on the next request.
 */
export const UNAVAILABLE_RETRY_SECONDS = '5';

const retryAfterSeconds = (params?: MessageValues) =>
  typeof params?.seconds === 'number' && params.seconds > 0 ? Math.ceil(params.seconds) : 60;

function errorBody(request: FastifyRequest, code: ErrorCode, fields?: Record<string, string>, params?: MessageValues): ErrorBody {
  return {
    code,
    message: request.t(`errors.${code}`, params),
    ...(fields ? { fields } : {}),
    // Where a caption file went wrong (issue 43), for the editor to point at the line.
    ...(code === 'caption_file_invalid' && typeof params?.line === 'number' && typeof params.problem === 'string'
      ? { line: params.line, problem: params.problem }
      : {}),
  };
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  fields?: Record<string, string>,
  params?: MessageValues,
) {
  if (!answerDescribed(request, reply, status, code)) return send(reply, request, 500, 'internal_error');
  const body = errorBody(request, code, fields, params);
  // A 5xx answer names its request: the id is in every log line of the request (Fastify's reqId), so what a
  // family or a monitor quotes finds the server's side of it (issue 31 item 4).
  if (status >= 500) body.request_id = request.id;
  // Every 429 says when to come back (RFC 6585): the limiter's remaining window, else a minute.
  if (status === 429) reply.header('retry-after', String(retryAfterSeconds(params)));
  // Refused before its body arrived whole (413, an upload refused at its start): the connection closes after the answer.
  if (status === 413 || request.raw.complete === false) closeAfterAnswer(request, reply);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The code of a service underneath that did not answer (a 503 to try again), or undefined for any other error. */
export function unavailableCode(error: unknown): 'database_unavailable' | 'storage_unavailable' | undefined {
  if (error instanceof DatabaseUnavailableError) return 'database_unavailable';
  if (error instanceof StorageUnavailableError) return 'storage_unavailable';
  return undefined;
}

/** Logged as a warning: the fault is underneath (a restart, a failover), not in the request or the code. */
export function logUnavailable(request: FastifyRequest, err: unknown, code: ErrorCode) {
  request.log.warn(
    { err, reqId: request.id },
    code === 'database_unavailable' ? 'database not answering' : 'media storage not answering',
  );
}

/** Fastify's own error codes for malformed requests, mapped to ours. */
const fastifyCodes: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request'],
};

/**
 * PostgreSQL data exceptions that only a request's values cause: text it
 * cannot store (U+0000: 22021, 22P05), a string longer than its column
 * (22001), a number outside its type (22003).
 */
const REFUSED_INPUT = new Set(['22001', '22003', '22021', '22P05']);

/** A request part that failed its zod contract; carries the issues for field messages. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly context: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Invalid ${context}`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a route's 4xx answer must be one its description lists (route-errors.ts): on in the API tests. */
    checkDescribedErrors: boolean;
  }
}

/**
 * Whether the answer is one the route describes (issue 40 item 13). Checked only where the app is built to (the API
 * tests): there, an undescribed answer is logged and answered 500, so the test that provoked it fails and the route's
 * `config.errors` (or the rule of route-errors.ts) gets the code, and with it the OpenAPI document.
 */
function answerDescribed(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode) {
  if (!request.server.checkDescribedErrors || status < 400 || status >= 500) return true;
  const route = request.routeOptions;
  // An unknown path has no route to describe it, even where a catch-all route (the web app's) answers it.
  if (!route?.url || !route.method || code === 'route_not_found') return true;
  if (describes({ method: route.method, url: route.url, config: route.config, schema: route.schema }, status, code)) return true;
  request.log.error({ method: request.method, url: route.url, status, code }, 'error answer not in the route description');
  // What a failing test shows: the answer the route gave and did not describe.
  reply.header('x-undescribed-error', `${status} ${code}`);
  return false;
}

export default fp<{ checkDescribedErrors?: boolean }>(
  async (app: FastifyInstance, { checkDescribedErrors = false }) => {
    app.decorate('checkDescribedErrors', checkDescribedErrors);
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500 && error.cause) request.log.error({ err: error.cause }, error.code);
        if (isRefusal(error.code) && prefersRefusalAnswers(request)) return sendRefusal(reply, request, error);
        return send(reply, request, error.status, error.code, fieldMessages(request, error), error.params);
      }
      if (error instanceof RequestValidationError) {
        const where = error.context === 'body' ? '' : `${error.context}.`;
        const fields: Record<string, string> = {};
        for (const issue of error.issues) {
          if (issue.code === 'unrecognized_keys') {
            for (const k of issue.keys) fields[where + issuePath([...issue.path, k])] ??= request.t('validation.unknownField');
            continue;
          }
          const m = issueMessage(issue);
          fields[where + issuePath(issue.path) || error.context] ??= request.t(m.key as MessageKey, m.values);
        }
        return send(reply, request, 400, 'validation_failed', fields);
      }
      if ((error as unknown) instanceof PaymentUnavailableError) {
        // Stripe down or slow: the family is told nothing was charged and to try again (a charge in doubt is
        // answered before this, by the purchase, as payment_processing_error).
        request.log.warn({ err: error, reqId: request.id }, 'card processor not answering');
        reply.header('retry-after', '60');
        return send(reply, request, 503, 'payment_service_unavailable');
      }
      const unavailable = unavailableCode(error);
      if (unavailable) {
        // Nothing half-written: a transaction cut off is rolled back by PostgreSQL; an upload cut off is not kept.
        logUnavailable(request, error, unavailable);
        reply.header('retry-after', UNAVAILABLE_RETRY_SECONDS);
        return send(reply, request, 503, unavailable);
      }
      const known = error.code ? fastifyCodes[error.code] : undefined;
      if (known) return send(reply, request, known[0], known[1]);
      if (error.statusCode === 429) return send(reply, request, 429, 'rate_limited');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, request, error.statusCode, 'bad_request');
      }
      if (typeof error.code === 'string' && REFUSED_INPUT.has(error.code)) {
        // A contract let it through (they refuse a NUL or an integer past its column first): still the caller's input, not our 500.
        request.log.warn({ err: error, reqId: request.id }, 'input refused by the database');
        return send(reply, request, 400, 'bad_request');
      }
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return send(reply, request, 500, 'internal_error');
    });
  },
  { name: 'errors', dependencies: ['site-lang'] },
);

/** Whether the caller asked for refusals as answers (contracts `refusalCodes`): the web app does. */
function prefersRefusalAnswers(request: FastifyRequest) {
  const prefer = request.headers.prefer;
  return typeof prefer === 'string' && prefer.split(/\s*,\s*/).includes(REFUSAL_PREFERENCE);
}

/** A refusal as a 200 answer: what the family is told is the same, but no failed request in the browser's console. */
function sendRefusal(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  if (!answerDescribed(request, reply, error.status, error.code)) return send(reply, request, 500, 'internal_error');
  const body: RefusalAnswer = { refused: { ...appErrorBody(request, error), status: error.status } };
  return reply
    .code(200)
    .header('preference-applied', REFUSAL_PREFERENCE)
    .header('vary', [reply.getHeader('vary'), 'prefer'].filter(Boolean).join(', '))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body)); // as it is: the route's 200 schema describes its success, not this
}

function fieldMessages(request: FastifyRequest, error: AppError) {
  return error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [k, request.t(m.key, m.values)]))
    : undefined;
}

/** The body an AppError is answered with (the web plugin embeds answers, errors included, in a page). */
export function appErrorBody(request: FastifyRequest, error: AppError): ErrorBody {
  return errorBody(request, error.code, fieldMessages(request, error), error.params);
}

/**
 * An error the router raises before any route or hook runs (Fastify's
 * frameworkErrors, app.ts): a path parameter longer than it takes (414) or a
 * malformed address (400), answered like every other error, never with
 * Fastify's own body (which echoes the whole path).
 */
export function sendFrameworkError(lang: LangCode, reply: FastifyReply, error: FastifyError) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const code: ErrorCode = tooLong ? 'uri_too_long' : 'bad_request';
  // The request here is Fastify's bare one, without our decorations (its `t`): the language comes from the caller.
  const body: ErrorBody = { code, message: translators[lang](`errors.${code}`) };
  return reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** 404 for an unknown API path, as JSON like every other API error. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 404, 'route_not_found');
}
