import { z } from 'zod';

/**
 * Any text an input carries (a body field, a query or path parameter). U+0000
 * is refused first, with its own message: PostgreSQL cannot store it in text
 * (a NUL reaching a query fails it with a 500), and no one types it.
 * `params` are z.string's (e.g. the message of a missing value).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !v.includes('\u0000'), { error: 'validation.forbiddenCharacter', abort: true });

/** A required text field: trimmed, empty reads "Required" (spec §5), at most `max` characters. */
export const requiredText = (max: number) => text().trim().min(1).max(max);

/** An optional text field: trimmed, missing becomes '', at most `max` characters. */
export const optionalText = (max: number) => text().trim().max(max).default('');
