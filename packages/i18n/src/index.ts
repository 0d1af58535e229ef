import type en from './catalogs/en.json';
import { formatNodes, parse } from './icu';

export type LangCode = 'en' | 'es' | 'ru';

/** A nested catalog as written in the JSON files. */
export interface Catalog {
  [key: string]: string | Catalog;
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message key, checked at compile time against the English catalog. */
export type MessageKey = Leaves<typeof en>;
export type MessageValues = Record<string, string | number | Date>;
export interface Translate {
  (key: MessageKey, values?: MessageValues): string;
  /** Whether the catalog has this key (for keys built at run time, such as `errors.${code}`). */
  has(key: string): boolean;
}

/** Flattens a nested catalog to dotted keys. */
export function flatten(catalog: Catalog, prefix = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(catalog)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** Loads one language's catalog; the web app uses it to ship only that language. */
export const loadCatalog: Record<LangCode, () => Promise<Catalog>> = {
  en: () => import('./catalogs/en.json').then((m) => m.default as Catalog),
  es: () => import('./catalogs/es.json').then((m) => m.default as Catalog),
  ru: () => import('./catalogs/ru.json').then((m) => m.default as Catalog),
};

/** The message at a dotted key of a nested catalog, or undefined. */
function messageAt(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  let start = 0;
  while (typeof node === 'object') {
    const dot = key.indexOf('.', start);
    const part = key.slice(start, dot < 0 ? undefined : dot);
    node = Object.hasOwn(node, part) ? node[part] : undefined;
    if (dot < 0) return typeof node === 'string' ? node : undefined;
    start = dot + 1;
  }
  return undefined;
}

/**
 * A translator for one language. Messages are ICU; each is looked up in the nested catalog and compiled on first use,
 * and kept. Nothing is done ahead for the thousands of messages a page never shows: flattening the whole catalog
 * before the first render cost the storefront's hydration a long task on a phone (issue 46). A missing key is a
 * bug: it is reported and the key is shown.
 */
export function createTranslator(
  lang: LangCode,
  catalog: Catalog,
  onMissing: (key: string) => void = (key) => console.error(`Missing message: ${lang}:${key}`),
): Translate {
  const compiled = new Map<string, ReturnType<typeof parse>>();
  const t = ((key: string, values?: MessageValues) => {
    let nodes = compiled.get(key);
    if (!nodes) {
      const source = messageAt(catalog, key);
      if (source === undefined) {
        onMissing(key);
        return key;
      }
      nodes = parse(source);
      compiled.set(key, nodes);
    }
    return formatNodes(nodes, lang, values ?? {});
  }) as Translate;
  t.has = (key: string) => compiled.has(key) || messageAt(catalog, key) !== undefined;
  return t;
}

export { formatUsd } from './numbers';
