import { type MessageFormatElement, parse as parseWithFormatjs, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from './catalogs/en.json' with { type: 'json' };
import es from './catalogs/es.json' with { type: 'json' };
import ru from './catalogs/ru.json' with { type: 'json' };
import { parse } from './icu';
import { type Catalog, createTranslator, flatten, type LangCode, type MessageKey, type MessageValues } from './index';

/**
 * The catalogs against each other and against the reference ICU
 * implementation (formatjs): same keys, same arguments, every message
 * valid, and our small formatter printing exactly what intl-messageformat
 * prints. Our formatter has no rich-text tags, so `<` is plain text on both
 * sides (ignoreTag).
 */
const catalogs: Record<LangCode, Catalog> = { en, es, ru };
const langs = Object.keys(catalogs) as LangCode[];
const messages = Object.fromEntries(langs.map((l) => [l, flatten(catalogs[l])])) as Record<LangCode, Record<string, string>>;

type ArgType = 'argument' | 'number' | 'date' | 'plural' | 'select';

/** Every argument of a message with its type (and the select options), from formatjs's AST. */
function argumentsOf(elements: MessageFormatElement[], out = new Map<string, { type: ArgType; options?: string[] }>()) {
  for (const el of elements) {
    if (el.type === TYPE.argument) out.set(el.value, { type: out.get(el.value)?.type ?? 'argument' });
    else if (el.type === TYPE.number) out.set(el.value, { type: 'number' });
    else if (el.type === TYPE.date || el.type === TYPE.time) out.set(el.value, { type: 'date' });
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.keys(el.options);
      out.set(el.value, el.type === TYPE.plural ? { type: 'plural' } : { type: 'select', options });
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
  }
  return out;
}

/** Sample values per argument: every plural category and number shape, every select branch, text and numbers. */
function samples(type: ArgType, options: string[] = []): (string | number | Date)[] {
  switch (type) {
    case 'plural':
      return [0, 1, 2, 5, 21];
    case 'number':
      return [0, 1, 21, 1234.5];
    case 'date':
      return [new Date(Date.UTC(2026, 0, 31, 12))];
    case 'select':
      return [...options.filter((o) => o !== 'other'), 'anything-else'];
    default:
      // Callers pass text and numbers (a year, a length) to plain arguments.
      return ['Ana', 2026];
  }
}

/** Every combination of the sample values of a message's arguments. */
function valueSets(args: Map<string, { type: ArgType; options?: string[] }>): MessageValues[] {
  let sets: MessageValues[] = [{}];
  for (const [name, { type, options }] of args) {
    sets = sets.flatMap((set) => samples(type, options).map((v) => ({ ...set, [name]: v })));
  }
  return sets;
}

describe('message catalogs', () => {
  it.each(langs.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lang) => {
    const enKeys = Object.keys(messages.en);
    const keys = Object.keys(messages[lang]);

    expect({
      missing: enKeys.filter((k) => !(k in messages[lang])),
      extra: keys.filter((k) => !(k in messages.en)),
    }).toEqual({ missing: [], extra: [] });
  });

  it.each(langs)('%s has no empty message', (lang) => {
    expect(Object.entries(messages[lang]).filter(([, m]) => m.trim() === '')).toEqual([]);
  });

  it.each(langs)('every %s message parses with formatjs and with our parser', (lang) => {
    const failures: string[] = [];
    for (const [key, message] of Object.entries(messages[lang])) {
      for (const [parser, run] of [
        ['formatjs', () => parseWithFormatjs(message, { ignoreTag: true })],
        ['ours', () => parse(message)],
      ] as const) {
        try {
          run();
        } catch (err) {
          failures.push(`${key} (${parser}): ${(err as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(langs.filter((l) => l !== 'en'))('%s messages take the same arguments as en', (lang) => {
    const mismatches = Object.keys(messages.en)
      .filter((key) => messages[lang][key] !== undefined)
      .map((key) => {
        const names = (l: LangCode) =>
          [...argumentsOf(parseWithFormatjs(messages[l][key] as string, { ignoreTag: true })).keys()].sort().join(',');
        return { key, en: names('en'), [lang]: names(lang) };
      })
      .filter((m) => m.en !== m[lang]);

    expect(mismatches).toEqual([]);
  });

  it.each(langs)('our formatter prints every %s message exactly as intl-messageformat does', (lang) => {
    const t = createTranslator(lang, catalogs[lang]);
    const differences: { key: string; values: MessageValues; ours: string; reference: string }[] = [];
    let compared = 0;
    for (const [key, message] of Object.entries(messages[lang])) {
      const reference = new IntlMessageFormat(message, lang, undefined, { ignoreTag: true });
      for (const values of valueSets(argumentsOf(parseWithFormatjs(message, { ignoreTag: true })))) {
        const ours = t(key as MessageKey, values);
        const expected = String(reference.format(values));
        compared++;
        if (ours !== expected) differences.push({ key, values, ours, reference: expected });
      }
    }

    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(Object.keys(messages[lang]).length);
  });

  it('pluralizes the cart count by each language’s rules', () => {
    const count = (lang: LangCode, n: number) => createTranslator(lang, catalogs[lang])('shell.cartCount', { count: n });

    expect([1, 2].map((n) => count('en', n))).toEqual(['1 item in cart', '2 items in cart']);
    expect([1, 2].map((n) => count('es', n))).toEqual(['1 artículo en el carrito', '2 artículos en el carrito']);
    expect([1, 2, 5, 21].map((n) => count('ru', n))).toEqual([
      '1 товар в корзине',
      '2 товара в корзине',
      '5 товаров в корзине',
      '21 товар в корзине',
    ]);
  });
});
