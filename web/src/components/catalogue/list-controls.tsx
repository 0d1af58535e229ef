import { type AccountLayout, isAgeBand, type LangCode, langCodes, type ProductSort, productSorts } from '@storyhouse/contracts';
import { type FormEvent, type ReactNode, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { PagingLinks } from '../paging/paging-links';
import { useLayoutPreference } from '../session/use-layout-preference';
import type { ProductListParams } from './api/catalogue-keys';
import './list-controls.css';

/*
 * The controls the shop and My Library share (spec §2 Store product list and
 * My Library): the search box, the language filter, the List/Grid toggle,
 * and the list's state in the address. Their words are the shop's catalog entries: the
 * same words on both screens.
 */

export const isLangFilter = (v: string | null): v is LangCode | 'all' => v === 'all' || langCodes.some((l) => l === v);

const isProductSort = (v: string | null): v is ProductSort => productSorts.some((s) => s === v);

/** The address of a list's state: only what differs from the defaults (`defaultLang`, page 1, no search, filter or order). */
export function listSearchParams({ page, search, lang, ageBand, sort }: ProductListParams, defaultLang: LangCode | 'all') {
  const next = new URLSearchParams();
  if (search) next.set('search', search);
  if (lang !== defaultLang) next.set('lang_code', lang);
  if (ageBand) next.set('age_band', ageBand);
  if (sort) next.set('sort', sort);
  if (page > 1) next.set('page', String(page));
  return next;
}

/** Spec §9 previous and next pages of a list, to addresses that keep its search and language. */
export function ListPagingLinks({
  params,
  defaultLang,
  page,
  perPage,
  count,
  label,
}: {
  params: ProductListParams;
  defaultLang: LangCode | 'all';
  page: number;
  perPage: number;
  count: number;
  label: string;
}) {
  return (
    <PagingLinks
      page={page}
      perPage={perPage}
      count={count}
      label={label}
      href={(p) => `?${listSearchParams({ ...params, page: p }, defaultLang)}`}
    />
  );
}

/**
 * The results of a list screen (the shop's products, My Library's albums):
 * its heading, a status line read out when it changes (how many, or why
 * none), what comes before the list (`children`: matching tracks, a way back
 * to page 1), the list itself in the chosen layout, and the paging links.
 */
export function ListResults({
  heading,
  headingId,
  status,
  children,
  items,
  listClassName,
  listLabel,
  paging,
}: {
  heading: ReactNode;
  headingId?: string;
  status: ReactNode;
  children?: ReactNode;
  /** The list's items (each an `li`); no list at all when there are none. */
  items: ReactNode[];
  /** The list's class: its block and the layout (e.g. `product-list product-list--grid`). */
  listClassName: string;
  listLabel: string;
  paging: Parameters<typeof ListPagingLinks>[0];
}) {
  return (
    <>
      <h2 id={headingId} className="list-results__title">
        {heading}
      </h2>
      <p className="list-results__status" role="status">
        {status}
      </p>
      {children}
      {items.length > 0 && (
        <ul className={listClassName} aria-label={listLabel}>
          {items}
        </ul>
      )}
      <ListPagingLinks {...paging} />
    </>
  );
}

/**
 * A list's state lives in the address (page, search, lang_code, and the
 * shop's age_band and sort when `shop`), so back and forward move through it
 * and a shared link shows the same list; a value the list does not offer is
 * left out. Any change goes back to page 1 (spec §2: the page resets on a
 * new search) unless it names a page; `replace` changes the address without
 * a history entry (a search typed letter by letter).
 */
export function useListParams(
  defaultLang: LangCode | 'all',
  { shop = false } = {},
): [ProductListParams, (change: Partial<ProductListParams>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const current = listParamsOf(params, defaultLang, shop);
  // From the address as it is now, not as this render read it: the router renders a new address in a transition, so
  // a second change right after a first (Clear, then a language) would otherwise undo the first.
  const change = (c: Partial<ProductListParams>, options?: { replace?: boolean }) =>
    setParams(
      listSearchParams(
        { ...listParamsOf(new URLSearchParams(window.location.search), defaultLang, shop), page: 1, ...c },
        defaultLang,
      ),
      options,
    );
  return [current, change];
}

/** A list's state in `params` (an address's query): a value the list does not offer is left out. */
function listParamsOf(params: URLSearchParams, defaultLang: LangCode | 'all', shop: boolean): ProductListParams {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const langParam = params.get('lang_code');
  const ageBand = params.get('age_band');
  const sort = params.get('sort');
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    lang: isLangFilter(langParam) ? langParam : defaultLang,
    ...(shop ? { ageBand: isAgeBand(ageBand) ? ageBand : null, sort: isProductSort(sort) ? sort : null } : {}),
  };
}

/**
 * A list's search box. With `debounceMs` what is typed is searched that
 * long after the last key (`typing` true: the caller replaces the address
 * rather than adding to it, so back does not step through each letter);
 * without it a Search button searches. Enter searches at once either way.
 */
export function SearchBox({
  search,
  onSearch,
  label,
  placeholder,
  debounceMs,
}: {
  search: string;
  onSearch: (search: string, typing: boolean) => void;
  label: string;
  placeholder: string;
  debounceMs?: number;
}) {
  const { t } = useI18n();
  const id = useId();
  const [value, setValue] = useState(search);
  const input = useRef<HTMLInputElement>(null);
  // Back and forward change the address's term: the box follows it (but keeps a space being typed after the term).
  useEffect(() => setValue((typed) => (typed.trim() === search ? typed : search)), [search]);
  // The timer restarts with each key, not with each render of the page around it.
  const searchTyped = useEffectEvent((term: string) => onSearch(term, true));
  useEffect(() => {
    const term = value.trim();
    if (debounceMs === undefined || term === search) return;
    const timer = setTimeout(() => searchTyped(term), debounceMs);
    return () => clearTimeout(timer);
  }, [value, search, debounceMs]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(value.trim(), false);
  };
  const clear = () => {
    setValue('');
    onSearch('', false);
    // The clear button goes away with the term; the search box takes its focus.
    input.current?.focus();
  };
  return (
    <search className="list-search">
      <form onSubmit={submit}>
        <label htmlFor={id}>{label}</label>
        <div className="list-search__row">
          <input
            ref={input}
            id={id}
            name="search"
            type="search"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={200}
            placeholder={placeholder}
          />
          {debounceMs === undefined && (
            <button type="submit" className="button">
              {t('shop.searchSubmit')}
            </button>
          )}
          {search && (
            <button type="button" className="button button--quiet" onClick={clear}>
              {t('shop.clearSearch')}
            </button>
          )}
        </div>
      </form>
    </search>
  );
}

/** A list's filter or order: a labelled select of `options`; `onChange` hears only a value it offers. */
export function ListSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string; lang?: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const option = options.find((o) => o.value === e.target.value);
          if (option) onChange(option.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spec §2: all languages, then each site language by its own name. */
export function LanguageFilter({ value, onChange }: { value: LangCode | 'all'; onChange: (lang: LangCode | 'all') => void }) {
  const { t } = useI18n();
  const options = [
    { value: 'all' as const, label: t('shop.allLanguages') },
    ...langCodes.map((l) => ({ value: l, label: t(`lang.${l}`), lang: l })),
  ];
  return <ListSelect label={t('shop.language')} value={value} options={options} onChange={onChange} />;
}

/**
 * Spec §4 Layout: one List/Grid preference for the shop and My Library,
 * default List; saved on the account when signed in, remembered on this
 * device (under the key it has always had) for a guest.
 */
export const useListLayout = () => useLayoutPreference('storyhouse.shop.layout');

/** Spec §4 Layout: List or Grid, two pressed-or-not buttons. */
export function LayoutToggle({ value, onChange }: { value: AccountLayout; onChange: (layout: AccountLayout) => void }) {
  const { t } = useI18n();
  return (
    <fieldset className="layout-toggle">
      <legend className="visually-hidden">{t('shop.layout')}</legend>
      {(['list', 'grid'] as const).map((l) => (
        <button key={l} type="button" className="layout-toggle__button" aria-pressed={value === l} onClick={() => onChange(l)}>
          <span aria-hidden="true" className={`layout-toggle__icon layout-toggle__icon--${l}`} />
          {t(l === 'list' ? 'shop.list' : 'shop.grid')}
        </button>
      ))}
    </fieldset>
  );
}
