import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatNodes, parse, type Values } from './icu';

const format = (message: string, lang: string, values: Values = {}) => formatNodes(parse(message), lang, values);
const reference = (message: string, lang: string, values: Values = {}) =>
  String(new IntlMessageFormat(message, lang, undefined, { ignoreTag: true }).format(values));

/**
 * Every construct the small formatter supports, printed by it and by
 * intl-messageformat: a message a later capability adds with any of these
 * prints the same as the reference.
 */
const cases: [message: string, values: Values][] = [
  ['Plain text', {}],
  ['Hello, {name}!', { name: 'Ana' }],
  ['Since {year}', { year: 1998 }],
  ['{a} and {b} and {a}', { a: 'x', b: 'y' }],
  ['{ name } with spaces', { name: 'Ana' }],
  ['{count, number} listens', { count: 1234567 }],
  ['{price, number} dollars', { price: 12.5 }],
  ['{share, number, percent} funded', { share: 0.485 }],
  ['{n, number, integer} minutes', { n: 12.7 }],
  ['{n, plural, one {# story} other {# stories}}', { n: 1 }],
  ['{n, plural, one {# story} other {# stories}}', { n: 1500 }],
  ['{n, plural, =0 {no stories} one {# story} other {# stories}}', { n: 0 }],
  ['{n, plural, =0 {no stories} =1 {just one} other {# stories}}', { n: 1 }],
  ['{n, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}', { n: 22 }],
  ['{n, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}', { n: 11 }],
  ['{n, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}', { n: 1.5 }],
  ['{who, select, admin {Administrator {name}} other {Customer {name}}}', { who: 'admin', name: 'Daniel' }],
  ['{who, select, admin {Administrator} other {Customer}}', { who: 'guest' }],
  [
    '{g, select, f {{n, plural, one {she has # track} other {she has # tracks}}} other {{n, plural, other {# tracks}}}}',
    { g: 'f', n: 3 },
  ],
  ["It''s here", {}],
  ["Use '{braces}' literally", {}],
  ["'{'unclosed", {}],
  ["{n, plural, other {'#' is # here}}", { n: 4 }],
  ["A lone ' apostrophe", {}],
  ['Order # {id}', { id: 'A-12' }],
  ['On {d, date, short}', { d: new Date(Date.UTC(2026, 2, 14, 12)) }],
  ['On {d, date, medium}', { d: new Date(Date.UTC(2026, 2, 14, 12)) }],
  ['On {d, date, long}', { d: new Date(Date.UTC(2026, 2, 14, 12)) }],
  ['On {d, date}', { d: new Date(Date.UTC(2026, 2, 14, 12)) }],
];

describe('ICU formatter', () => {
  for (const lang of ['en', 'es', 'ru']) {
    it.each(cases)(`prints "%s" like intl-messageformat in ${lang}`, (message, values) => {
      expect(format(message, lang, values)).toBe(reference(message, lang, values));
    });
  }

  it('refuses broken messages with the position of the problem', () => {
    expect(() => parse('Hello {name')).toThrow(SyntaxError);
    expect(() => parse('Hello name}')).toThrow(/Unexpected }/);
    expect(() => parse('{n, plural, one {# story}}')).toThrow(/Missing other/);
    expect(() => parse('{n, spellout}')).toThrow(/Unsupported argument type spellout/);
    expect(() => parse('{d, date, yyyy}')).toThrow(/Unknown date style/);
    expect(() => parse('{p, number, ::currency/USD}')).toThrow(/Unsupported number style/);
  });

  it('ends a sentence with the full stop of a value that ends in one, not with two', () => {
    const date = new Intl.DateTimeFormat('ru', { dateStyle: 'medium' }).format(new Date(Date.UTC(2026, 10, 30, 12)));
    expect(date).toMatch(/г\.$/);
    expect(format('План действует до {date}.', 'ru', { date })).toBe(`План действует до ${date}`);
    expect(format('Отменится {date}. До этого…', 'ru', { date })).toBe(`Отменится ${date} До этого…`);
    expect(format('Ends {date}.', 'en', { date: 'Nov 30, 2026' })).toBe('Ends Nov 30, 2026.');
    // Literal dots stay as written: an ellipsis after a value, a stop after words.
    expect(format('{name}...', 'en', { name: 'Jr.' })).toBe('Jr....');
    expect(format('Dr. {name}.', 'en', { name: 'Ana' })).toBe('Dr. Ana.');
  });

  it('says which value is missing', () => {
    expect(() => format('Hello {name}', 'en')).toThrow('Missing value for {name}');
  });
});
