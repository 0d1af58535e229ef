import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { INT4_MAX, wholeNumber, wholeNumberParam } from './numbers';
import { optionalText, requiredText, text } from './text-fields';
import { issueMessage } from './validation';

const NUL = '\u0000';

/** The catalog key of the first issue, as the server and the web forms show it. */
function firstKey(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? issueMessage(issue).key : undefined;
}

describe('text', () => {
  it('refuses U+0000 anywhere, with its own message before any other', () => {
    for (const value of [NUL, `grace${NUL}`, `${NUL}@example.test`, ` ${NUL} `]) {
      expect(firstKey(text(), value)).toBe('validation.forbiddenCharacter');
      expect(firstKey(requiredText(3), value)).toBe('validation.forbiddenCharacter');
      expect(firstKey(optionalText(100), value)).toBe('validation.forbiddenCharacter');
      expect(firstKey(contracts.EmailAddress, value)).toBe('validation.forbiddenCharacter');
    }
  });

  it('keeps every other character, control characters and emoji included', () => {
    expect(text().parse('a\u0001b\tc\u007f😀')).toBe('a\u0001b\tc\u007f😀');
    expect(requiredText(10).parse('  Grace ')).toBe('Grace');
    expect(firstKey(requiredText(10), ' ')).toBe('validation.required');
  });
});

describe('wholeNumberParam', () => {
  const page = wholeNumberParam(1, INT4_MAX);

  it('reads the canonical decimal spelling (and a number as it is)', () => {
    expect(page.parse('17')).toBe(17);
    expect(page.parse('2147483647')).toBe(INT4_MAX);
    expect(page.parse(17)).toBe(17);
  });

  it.each(['0x11', '1e1', ' 17', '17 ', '017', '+17', '17.0', '1_7', 'seventeen', '١٧', `17${NUL}`, 'Infinity'])(
    'refuses %j as invalid (never 17 or 10)',
    (raw) => {
      expect(firstKey(page, raw)).toBe('validation.invalid');
    },
  );

  it('says an empty value is required', () => {
    expect(firstKey(page, '')).toBe('validation.required');
  });

  it('bounds the value with the maximum it names, even far beyond a safe integer', () => {
    for (const raw of ['2147483648', '9007199254740993', '1'.repeat(300), 2 ** 31, 2 ** 53, 1e308]) {
      const result = page.safeParse(raw, { reportInput: true });
      expect(result.success).toBe(false);
      expect(issueMessage(result.error?.issues[0] as z.core.$ZodIssue)).toEqual({
        key: 'validation.tooBig',
        values: { max: INT4_MAX },
      });
    }
    // Past Number's range the digits read as Infinity, which is no number at all.
    expect(firstKey(page, '1'.repeat(400))).toBe('validation.invalid');
    expect(firstKey(page, '0')).toBe('validation.tooSmall');
    expect(firstKey(page, '-1')).toBe('validation.tooSmall');
  });

  it('takes no fractions, infinities or other types in a JSON body either', () => {
    const id = wholeNumber(1, INT4_MAX);
    for (const value of [1.5, Number.POSITIVE_INFINITY, Number.NaN, '5', true, [5], { id: 5 }, null]) {
      expect(id.safeParse(value).success).toBe(false);
    }
  });
});

describe('the masquerade and account contracts (the 500s of issue item 4)', () => {
  it('bounds the user id of a masquerade to an integer column', () => {
    expect(contracts.MasqueradeParams.safeParse({ userId: '2147483648' }).success).toBe(false);
    expect(contracts.MasqueradeParams.safeParse({ userId: '0x11' }).success).toBe(false);
    expect(contracts.MasqueradeParams.parse({ userId: '17' })).toEqual({ userId: 17 });
  });

  it('bounds a country id to an integer column, as a number or as a select sends it', () => {
    const user = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.test',
      emailConfirm: 'grace@example.test',
      country: 2147483648,
    };
    expect(firstKey(contracts.AccountUpdateUser, user)).toBe('validation.tooBig');
    expect(contracts.AccountUpdateUser.parse({ ...user, country: '87' }).country).toBe(87);
  });
});

/**
 * Every request contract (by the house naming: *Input, *Query, *Params,
 * *Body, *Form; ErrorBody is an answer) walked down to its leaves: each string refuses U+0000 with
 * the catalog message, each number is bounded to a PostgreSQL integer. A new
 * contract built from `z.string()` or `z.coerce.number()` fails here.
 */
describe('every request contract', () => {
  const inputs = (Object.entries(contracts) as [string, unknown][]).filter(
    (entry): entry is [string, z.ZodType] =>
      /(Input|Query|Params|Body|Form)$/.test(entry[0]) && entry[0] !== 'ErrorBody' && entry[1] instanceof z.ZodType,
  );

  interface Leaf {
    where: string;
    schema: z.ZodType;
    kind: 'string' | 'number';
  }

  function leaves(schema: z.ZodType, where: string, out: Leaf[] = [], seen = new Set<z.ZodType>()): Leaf[] {
    if (seen.has(schema)) return out;
    seen.add(schema);
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    const walk = (child: unknown, at: string) => leaves(child as z.ZodType, at, out, seen);
    switch (def.type) {
      case 'string':
        out.push({ where, schema, kind: 'string' });
        break;
      case 'number':
        out.push({ where, schema, kind: 'number' });
        break;
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(child, `${where}.${key}`);
        // Unknown keys are refused (strict: never) or passed through unread (loose: unknown).
        if (def.catchall && !['never', 'unknown'].includes((def.catchall as z.ZodType)._zod.def.type)) {
          walk(def.catchall, `${where}.*`);
        }
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        walk(def.innerType, where);
        break;
      case 'pipe':
        walk(def.in, where);
        // A string checked on the way in guards what it becomes (`.pipe(z.email())`).
        if ((def.in as z.ZodType)._zod.def.type !== 'string') walk(def.out, where);
        break;
      case 'union':
        for (const option of def.options as z.ZodType[]) walk(option, where);
        break;
      case 'array':
        walk(def.element, `${where}[]`);
        break;
      case 'record':
        walk(def.keyType, `${where}{key}`);
        walk(def.valueType, `${where}{}`);
        break;
      case 'intersection':
        walk(def.left, where);
        walk(def.right, where);
        break;
      case 'lazy':
        walk((def.getter as () => z.ZodType)(), where);
        break;
      case 'enum':
      case 'literal':
      case 'boolean':
      case 'null':
      case 'undefined':
      case 'transform':
        break;
      default:
        throw new Error(`${where}: a ${def.type} the walk does not know; teach it`);
    }
    return out;
  }

  const all = inputs.flatMap(([name, schema]) => leaves(schema, name));

  it('finds the contracts and their fields', () => {
    expect(inputs.map(([name]) => name)).toEqual(expect.arrayContaining(['LoginInput', 'SearchQuery', 'MasqueradeParams']));
    expect(all.filter((l) => l.kind === 'string').length).toBeGreaterThan(40);
    expect(all.filter((l) => l.kind === 'number').length).toBeGreaterThan(10);
  });

  it('refuses U+0000 in every string', () => {
    const open = all
      .filter((l) => l.kind === 'string')
      .filter((l) => firstKey(l.schema, `x${NUL}`) !== 'validation.forbiddenCharacter')
      .map((l) => l.where);
    expect(open, 'strings that let U+0000 through (build them with text())').toEqual([]);
  });

  it('bounds every number to a PostgreSQL integer', () => {
    const open = all
      .filter((l) => l.kind === 'number')
      .filter((l) => l.schema.safeParse(2 ** 31).success || l.schema.safeParse(-(2 ** 31) - 1).success)
      .map((l) => l.where);
    expect(open, 'numbers without a bound (build them with wholeNumber() or wholeNumberParam())').toEqual([]);
  });
});
