import type { z } from 'zod';

/**
 * Spec §5: every field error is shown through a message catalog key. Schemas
 * name a key with `{ error: 'validation.<key>' }` where the generic one would
 * be wrong; everything else maps from the zod issue here, in one place, so
 * the server's field messages and the web form's messages always agree.
 */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

// A catalog key: a namespace (camelCase, like freeMp3) and one or more dotted names.
const explicit = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/;

const isNumeric = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint';

/** A number's bound, for a message of its own that names it ("The smallest amount is ${min}"). */
function numberBound(issue: z.core.$ZodIssue | z.core.$ZodRawIssue): Pick<FieldMessage, 'values'> {
  if (issue.code === 'too_small' && isNumeric(issue.origin)) return { values: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big' && isNumeric(issue.origin)) return { values: { max: Number(issue.maximum) } };
  return {};
}

export function issueMessage(issue: z.core.$ZodIssue | z.core.$ZodRawIssue): FieldMessage {
  if (typeof issue.message === 'string' && explicit.test(issue.message)) {
    return { key: issue.message, ...numberBound(issue) };
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? { key: 'validation.required' }
        : { key: 'validation.invalid' };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'validation.required' }
          : { key: 'validation.tooShort', values: { min: Number(issue.minimum) } };
      }
      if (isNumeric(issue.origin)) {
        return { key: 'validation.tooSmall', values: { min: Number(issue.minimum) } };
      }
      return { key: 'validation.invalid' };
    case 'too_big':
      if (issue.origin === 'string') {
        return { key: 'validation.tooLong', values: { max: Number(issue.maximum) } };
      }
      if (isNumeric(issue.origin)) {
        return { key: 'validation.tooBig', values: { max: Number(issue.maximum) } };
      }
      return { key: 'validation.invalid' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** Dotted path of an issue: `items.0.title`; the empty path is the whole input. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}
