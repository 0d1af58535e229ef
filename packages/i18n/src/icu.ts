/**
 * A small ICU MessageFormat formatter: arguments, number, date, plural
 * (with `#`, `=N` and offset-free selectors), select and apostrophe quoting.
 * It covers every construct our catalogs use at a tenth of the size of the
 * full library (shell bundle budget); a unit test formats every catalog
 * message with both this and intl-messageformat and requires the same text.
 */
import { formatNumber } from './numbers';

type Node =
  | string
  | { kind: 'arg'; name: string }
  | { kind: 'number'; name: string; style: NumberStyle | undefined }
  | { kind: 'date'; name: string; style: DateStyle | undefined }
  | { kind: 'plural'; name: string; options: Record<string, Node[]> }
  | { kind: 'select'; name: string; options: Record<string, Node[]> }
  | { kind: 'pound' };

export type Values = Record<string, string | number | Date>;

/** The date styles of intl-messageformat (its default `formats.date`), so both print the same. */
const dateStyles = {
  short: { month: 'numeric', day: 'numeric', year: '2-digit' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof dateStyles;

/** The number styles of intl-messageformat; skeletons (`::currency/USD`) are not supported. */
const numberStyles = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
} as const satisfies Record<string, Intl.NumberFormatOptions>;
type NumberStyle = keyof typeof numberStyles;

/** Intl's formatters cost far more to make than to use, and never change: one per language and style. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}
const numberFormat = (lang: string, style?: NumberStyle) =>
  formatter(`n|${lang}|${style ?? ''}`, () => new Intl.NumberFormat(lang, style ? numberStyles[style] : undefined));
const dateFormat = (lang: string, style?: DateStyle) =>
  formatter(`d|${lang}|${style ?? ''}`, () => new Intl.DateTimeFormat(lang, style ? dateStyles[style] : undefined));
const pluralRules = (lang: string) => formatter(`p|${lang}`, () => new Intl.PluralRules(lang));

class Parser {
  i = 0;
  constructor(readonly src: string) {}

  fail(msg: string): never {
    throw new SyntaxError(`${msg} at ${this.i} in "${this.src}"`);
  }

  /** Parses text and arguments until a closing brace (nested) or the end. */
  message(inPlural: boolean, nested: boolean): Node[] {
    const out: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (this.i < this.src.length) {
      const c = this.src[this.i] as string;
      if (c === "'") {
        const next = this.src[this.i + 1];
        if (next === "'") {
          text += "'";
          this.i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = this.src.indexOf("'", this.i + 1);
          if (end < 0) {
            text += this.src.slice(this.i + 1);
            this.i = this.src.length;
          } else {
            text += this.src.slice(this.i + 1, end);
            this.i = end + 1;
          }
        } else {
          text += "'";
          this.i++;
        }
      } else if (c === '{') {
        flush();
        out.push(this.argument());
      } else if (c === '}') {
        if (!nested) this.fail('Unexpected }');
        break;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        this.i++;
      } else {
        text += c;
        this.i++;
      }
    }
    flush();
    return out;
  }

  word(): string {
    this.space();
    const m = /^[^\s,{}]+/.exec(this.src.slice(this.i));
    if (!m) this.fail('Expected a name');
    this.i += m[0].length;
    this.space();
    return m[0];
  }

  space() {
    while (/\s/.test(this.src[this.i] ?? '')) this.i++;
  }

  expect(c: string) {
    if (this.src[this.i] !== c) this.fail(`Expected ${c}`);
    this.i++;
  }

  argument(): Node {
    this.expect('{');
    const name = this.word();
    if (this.src[this.i] === '}') {
      this.i++;
      return { kind: 'arg', name };
    }
    this.expect(',');
    const type = this.word();
    if (type === 'number' || type === 'date') {
      let style: string | undefined;
      if (this.src[this.i] === ',') {
        this.i++;
        style = this.word();
      }
      this.expect('}');
      if (type === 'number') {
        if (style !== undefined && !Object.hasOwn(numberStyles, style)) this.fail(`Unsupported number style ${style}`);
        return { kind: 'number', name, style: style as NumberStyle | undefined };
      }
      if (style !== undefined && !Object.hasOwn(dateStyles, style)) this.fail(`Unknown date style ${style}`);
      return { kind: 'date', name, style: style as DateStyle | undefined };
    }
    if (type !== 'plural' && type !== 'select') this.fail(`Unsupported argument type ${type}`);
    this.expect(',');
    const options: Record<string, Node[]> = {};
    this.space();
    while (this.src[this.i] !== '}') {
      const key = this.word();
      this.expect('{');
      options[key] = this.message(type === 'plural', true);
      this.expect('}');
      this.space();
      if (this.i >= this.src.length) this.fail('Unclosed argument');
    }
    this.i++;
    if (!options.other) this.fail('Missing other option');
    return { kind: type, name, options };
  }
}

export function parse(message: string): Node[] {
  const p = new Parser(message);
  const nodes = p.message(false, false);
  if (p.i < message.length) p.fail('Unexpected }');
  return nodes;
}

export function formatNodes(nodes: Node[], lang: string, values: Values, pound?: number): string {
  let out = '';
  // A value that ends with an abbreviation's full stop ("30 нояб. 2026 г.", "Jr.") at the end of a sentence: its stop
  // is the sentence's too, as typography has it ("…действует до 30 нояб. 2026 г.", not "г..").
  let afterValue = false;
  for (const n of nodes) {
    if (typeof n === 'string') {
      out += afterValue && out.endsWith('.') && n.startsWith('.') && !n.startsWith('..') ? n.slice(1) : n;
      afterValue = false;
      continue;
    }
    afterValue = true;
    if (n.kind === 'pound') out += pound === undefined ? '#' : (formatNumber(lang, pound) ?? numberFormat(lang).format(pound));
    else {
      const v = values[n.name];
      if (v === undefined) throw new Error(`Missing value for {${n.name}}`);
      // A plain {arg} prints a number as is (a year reads 2026, not 2,026), as in
      // intl-messageformat; `{n, number}` is the way to ask for grouping.
      if (n.kind === 'arg') out += v instanceof Date ? v.toLocaleString(lang) : String(v);
      else if (n.kind === 'number') {
        out += (n.style ? undefined : formatNumber(lang, Number(v))) ?? numberFormat(lang, n.style).format(Number(v));
      } else if (n.kind === 'date') out += dateFormat(lang, n.style).format(new Date(v));
      else if (n.kind === 'plural') {
        const num = Number(v);
        const branch = n.options[`=${num}`] ?? n.options[pluralRules(lang).select(num)] ?? (n.options.other as Node[]);
        out += formatNodes(branch, lang, values, num);
      } else out += formatNodes(n.options[String(v)] ?? (n.options.other as Node[]), lang, values, pound);
    }
  }
  return out;
}
