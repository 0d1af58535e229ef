import { isMenuUrl, type LangCode, NavigationTitle, NavigationUrl } from '@storyhouse/contracts';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { ChooserDialog } from '../shared/chooser-dialog';
import { useCmsPages } from './api/cms-pages';
import { mainPages, type SitePage, sitePages } from './site-pages';

/** An item's title and address, checked by the rules the server applies (contracts NavigationTitle, NavigationUrl). */
const ItemSchema = z.object({ title: NavigationTitle, url: NavigationUrl });
export type ItemValues = { title: string; url: string };
const EMPTY: ItemValues = { title: '', url: '' };

export const isExternal = (url: string) => !url.startsWith('/') && isMenuUrl(url);

/**
 * A menu item's form: its title, and the page it opens, chosen from the
 * site's pages (a searchable list: the CMS pages of the menu's language and
 * the storefront's main pages, at their paths in that language). Typing an
 * address (another site's, or a path the list does not have) is under
 * "Advanced", closed unless the item already has an address no page has.
 */
export function ItemForm({
  lang,
  initial = EMPTY,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The menu's language: its pages are the ones offered. */
  lang: LangCode;
  initial?: ItemValues;
  submitLabel: string;
  onSubmit: (item: ItemValues) => void;
  /** An edit's form: it takes focus as it opens, and Cancel closes it. */
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const editing = onCancel !== undefined;
  const form = useForm<ItemValues>(ItemSchema, initial);
  const [chosen, setChosen] = useState<SitePage>();
  const [choosing, setChoosing] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const pageId = useId();
  const submit = useFormSubmit<ItemValues>(form, {
    busy: false,
    send: (item) => {
      onSubmit(item);
      form.reset(EMPTY);
      setChosen(undefined);
      setAdvanced(false);
    },
  });
  useEffect(() => {
    if (editing) submit.ref.current?.querySelector('input')?.focus();
  }, [editing, submit.ref]);
  const url = form.values.url;
  const urlError = form.error('url');
  // The page the item opens, as the list names it; an address typed by hand is shown as it is.
  const page = chosen?.path === url ? chosen : undefined;
  const choose = (next: SitePage) => {
    setChoosing(false);
    // The title follows the page while it is empty or still the last page's.
    if (!form.values.title.trim() || form.values.title === chosen?.title) form.set('title', next.title);
    form.set('url', next.path);
    setChosen(next);
  };
  return (
    <form ref={submit.ref} className="nav-edit__form" onSubmit={submit.onSubmit} noValidate>
      <div className={`field nav-edit__page${urlError && !advanced ? ' field--invalid' : ''}`}>
        <span className="nav-edit__page-label" id={`${pageId}-label`}>
          {t('admin.navigation.page')}
        </span>
        <p className="nav-edit__chosen" id={`${pageId}-chosen`}>
          {page ? (
            <>
              <span className="nav-edit__chosen-title">{page.title}</span> <span className="nav-edit__url">{page.path}</span>
            </>
          ) : url ? (
            <span className="nav-edit__url">
              {url}
              {isExternal(url) ? ` · ${t('admin.navigation.external')}` : ''}
            </span>
          ) : (
            t('admin.navigation.noPage')
          )}
        </p>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={`${pageId}-label ${pageId}-chosen`}
          onClick={() => setChoosing(true)}
        >
          {url ? t('admin.navigation.changePage') : t('admin.navigation.choosePage')}
        </button>
        {urlError && !advanced ? (
          <p className="field__error" role="alert">
            {url ? urlError : t('admin.navigation.error.pageRequired')}
          </p>
        ) : null}
      </div>
      <TextField form={form} name="title" label={t('admin.navigation.itemTitle')} required maxLength={60} />
      <details className="nav-edit__advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
        <summary>{t('admin.navigation.advanced')}</summary>
        <TextField
          form={form}
          name="url"
          label={t('admin.navigation.itemUrl')}
          hint={t('admin.navigation.urlHint')}
          required
          maxLength={500}
        />
      </details>
      <FormFailure message={submit.failure} />
      <div className="nav-edit__buttons">
        <SubmitButton busy={false}>{submitLabel}</SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('admin.navigation.cancel')}
          </button>
        ) : null}
      </div>
      {choosing ? <PageChooser lang={lang} onChoose={choose} onClose={() => setChoosing(false)} /> : null}
    </form>
  );
}

/** The site's pages in the menu's language, to search and choose from. */
function PageChooser({ lang, onChoose, onClose }: { lang: LangCode; onChoose: (page: SitePage) => void; onClose: () => void }) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const cms = useCmsPages({ lang_code: lang, status: 'published', search: deferred, page: 1 });
  const main = useMemo(() => mainPages(lang, t), [lang, t]);
  const pages = cms.data ? sitePages(cms.data.items, main, lang, deferred) : [];
  const language = t(`admin.navigation.languageName.${lang}`);
  return (
    <ChooserDialog
      title={t('admin.navigation.chooseTitle', { language })}
      searchLabel={t('admin.navigation.searchPages')}
      search={search}
      onSearch={setSearch}
      found={
        cms.data
          ? pages.length === 0
            ? t('admin.navigation.noPageMatches')
            : t('admin.navigation.pagesFound', { count: pages.length })
          : ''
      }
      onClose={onClose}
    >
      {cms.isPending ? (
        <Loading shape="block" />
      ) : cms.error ? (
        <LoadError error={cms.error} onRetry={() => void cms.refetch()} />
      ) : (
        <ul className="chooser__list">
          {pages.map((page) => (
            <li key={page.path}>
              <button type="button" className="chooser__choice" onClick={() => onChoose(page)}>
                <span className="chooser__text">
                  <span className="chooser__name" lang={lang}>
                    {page.title}
                  </span>
                  <span className="chooser__meta">{page.path}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </ChooserDialog>
  );
}
