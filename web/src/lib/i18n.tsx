import type { LangCode } from '@storyhouse/contracts';
import { type Catalog, createTranslator, formatUsd, loadCatalog, type MessageKey, type MessageValues } from '@storyhouse/i18n';
import { createContext, type ReactNode, use, useMemo } from 'react';

interface I18n {
  lang: LangCode;
  t: (key: MessageKey, values?: MessageValues) => string;
  /** Whether the catalog has a key built at run time (`errors.${code}`), before asking `t` for it. */
  hasMessage: (key: string) => boolean;
  formatMoney: (usd: number) => string;
  formatDate: (date: Date | string) => string;
}

const I18nContext = createContext<I18n | null>(null);

/** The site language the server chose for this page (it sets <html lang>). */
export function pageLang(): LangCode {
  const lang = document.documentElement.lang;
  return lang === 'es' || lang === 'ru' ? lang : 'en';
}

/** Loads only the site language's catalog before the first render. */
export function loadMessages(lang: LangCode): Promise<Catalog> {
  return loadCatalog[lang]();
}

/**
 * The date formatter, made once per language when first used: the first Intl formatter a page makes loads the
 * language's data, tens of milliseconds on a phone (issue 46), which a page showing no date does not spend. Money
 * needs no Intl (formatUsd).
 */
const dateFormats = new Map<LangCode, Intl.DateTimeFormat>();
function dateFormat(lang: LangCode) {
  const format = dateFormats.get(lang) ?? new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  dateFormats.set(lang, format);
  return format;
}

export function I18nProvider({ lang, catalog, children }: { lang: LangCode; catalog: Catalog; children: ReactNode }) {
  const value = useMemo<I18n>(() => {
    const t = createTranslator(lang, catalog);
    return {
      lang,
      t,
      hasMessage: t.has,
      formatMoney: (usd) => formatUsd(lang, usd),
      formatDate: (d) => dateFormat(lang).format(typeof d === 'string' ? new Date(d) : d),
    };
  }, [lang, catalog]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const ctx = use(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}
