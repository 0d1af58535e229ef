import type { ErrorCode } from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';

/** The kinds of failure a service may raise, each with its HTTP status. */
const statusOf = {
  invalid_data: 400,
  not_authenticated: 401,
  not_allowed: 403,
  not_found: 404,
  /** The card processor refused the payment (Stripe's 402 card_error). */
  payment_declined: 402,
  conflict: 409,
  /** Existed, but no longer: an expired link. */
  gone: 410,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof statusOf;

/**
 * The one error type of the server. `code` names the catalog message
 * (`errors.<code>`), so every client gets it in the site's language.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    readonly params: MessageValues = {},
    readonly fields?: Record<string, { key: MessageKey; values?: MessageValues }>,
    /** What went wrong underneath (logged with a 5xx answer, never sent). */
    cause?: unknown,
  ) {
    super(code, cause === undefined ? undefined : { cause });
  }
  get status() {
    return statusOf[this.kind];
  }
}
