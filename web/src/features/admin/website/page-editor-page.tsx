import {
  type AdminCmsEntry,
  adminPath,
  type CmsEntryFields,
  type CmsTemplate,
  CreateCmsEntryBody,
  cmsSitePath,
  cmsTemplates,
  cmsTypeFields,
  CmsEntryFields as FieldsSchema,
  type HomeFieldName,
  homeFieldNames,
  isHomeRichField,
  issueMessage,
  issuePath,
  type LangCode,
  langCodes,
} from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CmsHtml } from '../../../components/cms/cms-html';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FieldError, FieldFrame } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart } from '../shared/admin-part';
import { MediaUpload } from '../shared/media-upload';
import { RichTextField } from '../shared/rich-text-field';
import { useCmsPageEntry, useCreateCmsPage, usePublishCmsPage, useSaveCmsPage } from './api/cms-pages';
import { langInSentence, langName, pageHref, pagePreviewHref, pageState, pageStateLabel, templateLabel } from './page-words';
import '../../../ui/form/form.css';
import './pages.css';

type Errors = Record<string, string>;

/**
 * Issue 30 item 3, a page's editor: the fields its type shows (spec §2, §3),
 * rich text through Tiptap, its versions in the other languages one click
 * away (or created from it, linked), and Save draft / Preview / Publish.
 * The site shows the published page until a publish; a save names the
 * version it was read at, and a page someone else changed meanwhile is
 * said to have changed, with a way to reload it (never written over).
 */
export default function PageEditorPage() {
  const { t, lang } = useI18n();
  const id = Number(useParams().id);
  const entry = useCmsPageEntry(id);
  const [reloads, setReloads] = useState(0);
  // A version in another language shown beside the editor (for a translator), by its id.
  const [beside, setBeside] = useState<number>();
  const back = (
    <p>
      <Link to={adminPath('adminPages', lang) ?? '/admin/pages'}>{t('admin.pages.back')}</Link>
    </p>
  );
  if (entry.isPending) return <AdminLayout title={t('admin.pages.title')}>{<Loading shape="block" />}</AdminLayout>;
  if (entry.error) {
    return (
      <AdminLayout title={t('admin.pages.title')} back={back}>
        <LoadError error={entry.error} onRetry={() => void entry.refetch()} />
      </AdminLayout>
    );
  }
  const data = entry.data;
  const reload = async () => {
    await entry.refetch();
    setReloads((n) => n + 1);
  };
  return (
    <AdminLayout title={t('admin.pages.editTitle', { title: data.fields.title })} back={back}>
      <p className="admin-page-editor__state" role="status">
        {langName(t, data.lang_code)} · {templateLabel(t, data.fields.type)} ·{' '}
        {data.status === 'draft'
          ? t('admin.pages.stateNew')
          : data.has_draft
            ? t('admin.pages.stateChanged')
            : t('admin.pages.statePublished')}
      </p>
      <Translations entry={data} beside={beside} onBeside={setBeside} />
      <div className={beside ? 'admin-page-editor__columns' : undefined}>
        <Editor key={`${data.id}-${reloads}`} entry={data} onReload={reload} />
        {beside ? <Beside id={beside} /> : null}
      </div>
    </AdminLayout>
  );
}

/** The page in the three languages: each one a link to its editor, a missing one created from this page and linked to it. */
function Translations({
  entry,
  beside,
  onBeside,
}: {
  entry: AdminCmsEntry;
  beside: number | undefined;
  onBeside: (id: number | undefined) => void;
}) {
  const { t } = useI18n();
  const [creating, setCreating] = useState<LangCode>();
  return (
    <AdminPart title={t('admin.pages.translations')}>
      <ul className="admin-page-editor__translations">
        {langCodes.map((code) => {
          if (code === entry.lang_code) {
            return (
              <li key={code}>
                {t('admin.pages.thisVersion', { lang: langName(t, code), title: entry.fields.title })} (
                {pageStateLabel(t, pageState(entry))})
              </li>
            );
          }
          const other = entry.translations.find((tr) => tr.lang_code === code);
          if (other) {
            return (
              <li key={code}>
                <Link to={pageHref(other.id)} hrefLang={code}>
                  {t('admin.pages.otherVersion', { lang: langName(t, code), title: other.title })}
                </Link>{' '}
                ({pageStateLabel(t, pageState(other))}){' '}
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-pressed={beside === other.id}
                  onClick={() => onBeside(beside === other.id ? undefined : other.id)}
                >
                  {t('admin.pages.showBeside', { lang: langInSentence(t, code) })}
                </button>
              </li>
            );
          }
          return (
            <li key={code}>
              {creating === code ? (
                <NewTranslation entry={entry} lang={code} onCancel={() => setCreating(undefined)} />
              ) : (
                <button type="button" className="button button--secondary" onClick={() => setCreating(code)}>
                  {t('admin.pages.createTranslation', { lang: langInSentence(t, code) })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </AdminPart>
  );
}

/** The new version's address and title; it starts as a draft with this page's fields, linked to it by their key. */
function NewTranslation({ entry, lang, onCancel }: { entry: AdminCmsEntry; lang: LangCode; onCancel: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const create = useCreateCmsPage();
  const [values, setValues] = useState({ url: entry.fields.url, title: entry.fields.title });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = { lang_code: lang, type: entry.fields.type, translation_of: entry.id, ...values };
    const parsed = CreateCmsEntryBody.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues, t));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => navigate(pageHref(created.id)),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else setFailure(errorMessage(error));
      },
    });
  };
  const heading = t('admin.pages.translationForm', { lang: langInSentence(t, lang) });
  return (
    <form className="admin-page-editor__new-translation card" onSubmit={submit} noValidate aria-label={heading}>
      <h3>{heading}</h3>
      <p className="field__hint">{t('admin.pages.translationHint', { lang: langInSentence(t, lang) })}</p>
      <Text
        label={t('admin.pages.fieldTitle')}
        value={values.title}
        error={errors.title}
        required
        onChange={(title) => setValues({ ...values, title })}
      />
      <Text
        label={t('admin.pages.fieldUrl')}
        value={values.url}
        error={errors.url}
        required
        hint={t('admin.pages.newAddressHint')}
        onChange={(url) => setValues({ ...values, url })}
      />
      <FormFailure message={failure} />
      <div className="admin-page-editor__actions">
        <SubmitButton busy={create.isPending}>
          {create.isPending ? t('admin.pages.creating') : t('admin.pages.create')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('admin.pages.cancel')}
        </button>
      </div>
    </form>
  );
}

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * Another language's version of the page, read only, beside the editor (a
 * translator's side by side): its title, address and texts as they stand
 * (its draft, or the published page). Its rich text is the server's, sanitized.
 */
function Beside({ id }: { id: number }) {
  const { t } = useI18n();
  const other = useCmsPageEntry(id);
  const headingId = useId();
  if (other.isPending) return <Loading shape="block" />;
  if (other.error) return <LoadError error={other.error} onRetry={() => void other.refetch()} />;
  const { fields, lang_code } = other.data;
  const texts: [string, string][] = [
    [t('admin.pages.fieldIntro'), fields.intro],
    [t('admin.pages.fieldMainContent'), fields.main_content],
    [t('admin.pages.fieldSidebarContent'), fields.sidebar_content],
    [t('admin.pages.fieldResponse'), fields.response],
    // Only the home page's rich fields are HTML (sanitized); its titles, links and images are text.
    ...homeFieldNames.map((name): [string, string] => {
      const value = fields.home[name] ?? '';
      const html = isHomeRichField(name) || value === '' ? value : `<p>${escapeHtml(value)}</p>`;
      return [`${t(homeGroupLabel(name))}: ${t(homeFieldLabel(name))}`, html];
    }),
    ...fields.donations.map((d, i): [string, string] => [
      t('admin.pages.donation', { n: i + 1 }),
      `<p>${escapeHtml(d.title)}</p>${d.description}`,
    ]),
  ];
  return (
    <aside className="admin-page-editor__beside card" aria-labelledby={headingId} lang={lang_code}>
      <h2 id={headingId}>{t('admin.pages.translationForm', { lang: langInSentence(t, lang_code) })}</h2>
      <dl className="admin-page-editor__beside-fields">
        <dt>{t('admin.pages.fieldTitle')}</dt>
        <dd>{fields.title}</dd>
        <dt>{t('admin.pages.fieldUrl')}</dt>
        <dd>{cmsSitePath(fields.url)}</dd>
        {fields.description ? (
          <>
            <dt>{t('admin.pages.fieldDescription')}</dt>
            <dd>{fields.description}</dd>
          </>
        ) : null}
        {texts
          .filter(([, html]) => html !== '')
          .map(([label, html]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <CmsHtml html={html} />
              </dd>
            </div>
          ))}
      </dl>
    </aside>
  );
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Zod issues as the form shows them: localized (the server's own messages), by dotted path. */
function issueErrors(issues: { path: PropertyKey[]; message: string; code: string }[], t: Translate): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const path = issuePath(issue.path);
    if (out[path]) continue;
    const m = issueMessage(issue as Parameters<typeof issueMessage>[0]);
    out[path] = t(m.key as MessageKey, m.values);
  }
  return out;
}

/** The form of one page: its fields, Save draft, Preview and Publish, and what the server said. */
function Editor({ entry, onReload }: { entry: AdminCmsEntry; onReload: () => Promise<void> }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<CmsEntryFields>(entry.fields);
  // Rich-text fields whose value the server changed (cleaned): remounted with it, so the editor shows what was kept.
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [changed, setChanged] = useState(false);
  const [done, setDone] = useState('');
  const [asking, setAsking] = useState(false);
  const save = useSaveCmsPage(entry.id);
  const publish = usePublishCmsPage(entry.id);
  const busy = save.isPending || publish.isPending;
  const dirty = JSON.stringify(fields) !== JSON.stringify(entry.fields);
  const shown = new Set(cmsTypeFields[fields.type]);

  const set = <K extends keyof CmsEntryFields>(name: K, value: CmsEntryFields[K]) => {
    setFields((f) => ({ ...f, [name]: value }));
    setDone('');
  };
  // An emptied home field is left out, as the server keeps it: clearing one is no change to save.
  const setHome = (name: HomeFieldName, value: string) => {
    const { [name]: _, ...rest } = fields.home;
    set('home', value === '' ? rest : { ...fields.home, [name]: value });
  };
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'cms_entry_changed') {
      setChanged(true);
      return;
    }
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const server: Errors = {};
      for (const [path, message] of Object.entries(error.fields)) server[path.replace(/^fields\./, '')] = message;
      setErrors(server);
      focusFirstError();
      return;
    }
    setFailure(errorMessage(error));
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    setDone('');
    const parsed = FieldsSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues, t));
      focusFirstError();
      return;
    }
    setErrors({});
    save.mutate(
      { updated_at: entry.updated_at, fields: parsed.data },
      {
        onSuccess: (saved) => {
          setFields(saved.fields);
          if (saved.cleaned.length > 0) {
            setRevisions((r) => Object.fromEntries([...Object.entries(r), ...saved.cleaned.map((f) => [f, (r[f] ?? 0) + 1])]));
            setDone(t('admin.pages.savedCleaned', { fields: saved.cleaned.map((f) => fieldName(t, f)).join(', ') }));
          } else setDone(t('admin.pages.saved'));
        },
        onError: refused,
      },
    );
  };

  const onPublish = () => {
    setAsking(false);
    setFailure(undefined);
    publish.mutate(entry.updated_at, {
      onSuccess: () => setDone(t('admin.pages.published')),
      onError: refused,
    });
  };

  const rich = (name: 'intro' | 'main_content' | 'sidebar_content' | 'response', label: string) =>
    shown.has(name) ? (
      <RichTextField
        key={`${name}-${revisions[name] ?? 0}`}
        label={label}
        value={fields[name]}
        error={errors[name]}
        onChange={(html) => set(name, html)}
      />
    ) : null;

  const image = (name: 'main_image' | 'sidebar_image', label: string, altLabel: string) => {
    const alt = name === 'main_image' ? 'main_image_alt' : 'sidebar_image_alt';
    return shown.has(name) ? (
      <div className="admin-page-editor__image">
        <StoredFile kind="image" label={label} value={fields[name]} error={errors[name]} onChange={(key) => set(name, key)} />
        <Text label={altLabel} value={fields[alt]} error={errors[alt]} onChange={(v) => set(alt, v)} />
      </div>
    ) : null;
  };

  const canPublish = entry.status === 'draft' || entry.has_draft;
  return (
    <>
      {changed ? (
        <div className="admin-page-editor__changed card" role="alert">
          <h2>{t('admin.pages.changedTitle')}</h2>
          <p>{t('errors.cms_entry_changed')}</p>
          <button type="button" className="button" onClick={() => void onReload()}>
            {t('admin.pages.reload')}
          </button>
        </div>
      ) : null}
      <form ref={formRef} className="admin-page-editor" onSubmit={onSave} noValidate aria-label={t('admin.pages.form')}>
        <Text
          label={t('admin.pages.fieldTitle')}
          value={fields.title}
          error={errors.title}
          required
          onChange={(v) => set('title', v)}
        />
        <Text label={t('admin.pages.fieldUrl')} value={fields.url} error={errors.url} required onChange={(v) => set('url', v)} />
        <Select
          label={t('admin.pages.fieldType')}
          value={fields.type}
          options={cmsTemplates.map((type) => ({ value: type, label: templateLabel(t, type) }))}
          onChange={(v) => set('type', v as CmsTemplate)}
        />
        <Text
          label={t('admin.pages.fieldDescription')}
          value={fields.description}
          error={errors.description}
          multiline
          onChange={(v) => set('description', v)}
        />
        {image('main_image', t('admin.pages.fieldMainImage'), t('admin.pages.fieldMainImageAlt'))}
        {rich('intro', t('admin.pages.fieldIntro'))}
        {rich('main_content', t('admin.pages.fieldMainContent'))}
        {rich('sidebar_content', t('admin.pages.fieldSidebarContent'))}
        {image('sidebar_image', t('admin.pages.fieldSidebarImage'), t('admin.pages.fieldSidebarImageAlt'))}
        {rich('response', t('admin.pages.fieldResponse'))}
        {shown.has('mp3') ? (
          <StoredFile
            kind="audio"
            label={t('admin.pages.fieldMp3')}
            value={fields.mp3}
            error={errors.mp3}
            onChange={(key) => set('mp3', key)}
          />
        ) : null}
        {shown.has('free_story_title') ? (
          <Text
            label={t('admin.pages.fieldFreeStoryTitle')}
            value={fields.free_story_title}
            error={errors.free_story_title}
            onChange={(v) => set('free_story_title', v)}
          />
        ) : null}
        {shown.has('product_type') ? (
          <Text
            label={t('admin.pages.fieldProductType')}
            value={fields.product_type}
            error={errors.product_type}
            onChange={(v) => set('product_type', v)}
          />
        ) : null}
        {shown.has('home') ? <HomeFields home={fields.home} errors={errors} revisions={revisions} onChange={setHome} /> : null}
        {shown.has('donations') ? (
          <Donations donations={fields.donations} errors={errors} revisions={revisions} onChange={(d) => set('donations', d)} />
        ) : null}
        {shown.has('add_newsletter') ? (
          <label className="field--checkbox">
            <input type="checkbox" checked={fields.add_newsletter} onChange={(e) => set('add_newsletter', e.target.checked)} />{' '}
            {t('admin.pages.fieldAddNewsletter')}
          </label>
        ) : null}
        {shown.has('scripts') ? (
          <Lines
            label={t('admin.pages.fieldScripts')}
            name="scripts"
            values={fields.scripts}
            errors={errors}
            onChange={(v) => set('scripts', v)}
          />
        ) : null}
        {shown.has('stylesheets') ? (
          <Lines
            label={t('admin.pages.fieldStylesheets')}
            name="stylesheets"
            values={fields.stylesheets}
            errors={errors}
            onChange={(v) => set('stylesheets', v)}
          />
        ) : null}

        <FormFailure message={failure} />
        <p className="form-status form-status--success" role="status">
          {done}
        </p>
        <p className="field__hint" role="status">
          {dirty && canPublish ? t('admin.pages.unsaved') : ''}
        </p>
        <div className="admin-page-editor__actions">
          <SubmitButton busy={save.isPending}>{save.isPending ? t('admin.pages.saving') : t('admin.pages.save')}</SubmitButton>
          {!dirty ? (
            <Link className="button button--secondary" to={pagePreviewHref(entry.id)}>
              {t('admin.pages.preview')}
            </Link>
          ) : null}
          {!dirty && canPublish ? (
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => !busy && setAsking(true)}>
              {publish.isPending ? t('admin.pages.publishing') : t('admin.pages.publish')}
            </button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={t('admin.pages.publishTitle', { title: entry.fields.title })}
        confirmLabel={t('admin.pages.publish')}
        cancelLabel={t('admin.pages.cancel')}
        confirmTone="primary"
        onConfirm={onPublish}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.pages.publishText', { lang: langInSentence(t, entry.lang_code), url: cmsSitePath(entry.fields.url) })}</p>
      </ConfirmDialog>
    </>
  );
}

/** A field's name as the "cleaned" notice says it: its label (home.x and donations.N.description by their block). */
function fieldName(t: Translate, path: string): string {
  const names: Record<string, MessageKey> = {
    intro: 'admin.pages.fieldIntro',
    main_content: 'admin.pages.fieldMainContent',
    sidebar_content: 'admin.pages.fieldSidebarContent',
    response: 'admin.pages.fieldResponse',
  };
  if (names[path]) return t(names[path]);
  const donation = /^donations\.(\d+)\./.exec(path);
  if (donation) return t('admin.pages.donation', { n: Number(donation[1]) + 1 });
  if (path.startsWith('home.')) {
    const name = path.slice(5) as HomeFieldName;
    return `${t(homeGroupLabel(name))}: ${t(homeFieldLabel(name))}`;
  }
  return path;
}

const homeGroups = [
  ['main', /^homeMain[A-Za-z]*[^2]$/],
  ['main2', /^homeMain[A-Za-z]*2$/],
  ['announcement', /^homeAnnouncement/],
  ['kidsCorner', /^homeKidsCorner/],
  ['explore', /^homeExplore/],
] as const;

function homeGroupLabel(name: HomeFieldName): MessageKey {
  const group = homeGroups.find(([, pattern]) => pattern.test(name))?.[0] ?? 'main';
  return `admin.pages.homeGroup.${group}`;
}

function homeFieldLabel(name: HomeFieldName): MessageKey {
  const item = /Item(\d)(Image|Link|LinkTitle)$/.exec(name);
  if (item) return `admin.pages.homeField.item${item[1]}${item[2]}` as MessageKey;
  if (/^homeKidsCornerLink(Title)?$/.test(name))
    return name.endsWith('Title') ? 'admin.pages.homeField.moreLinkTitle' : 'admin.pages.homeField.moreLink';
  const part = /(LinkTitle|Link|Title|Description|Content)2?$/.exec(name)?.[1] ?? 'Title';
  return `admin.pages.homeField.${part}` as MessageKey;
}

/** The home page's blocks (spec §3 Home content fields), each a group of its title, text and link. */
function HomeFields({
  home,
  errors,
  revisions,
  onChange,
}: {
  home: CmsEntryFields['home'];
  errors: Errors;
  revisions: Record<string, number>;
  onChange: (name: HomeFieldName, value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <AdminPart title={t('admin.pages.home')} className="admin-page-editor__group">
      {homeGroups.map(([group, pattern]) => (
        <fieldset key={group} className="admin-page-editor__fieldset">
          <legend>{t(`admin.pages.homeGroup.${group}`)}</legend>
          {homeFieldNames
            .filter((name) => pattern.test(name))
            .map((name) =>
              isHomeRichField(name) ? (
                <RichTextField
                  key={`${name}-${revisions[`home.${name}`] ?? 0}`}
                  label={t(homeFieldLabel(name))}
                  value={home[name] ?? ''}
                  error={errors[`home.${name}`]}
                  onChange={(v) => onChange(name, v)}
                />
              ) : name.endsWith('Image') ? (
                <StoredFile
                  key={name}
                  kind="image"
                  label={t(homeFieldLabel(name))}
                  value={home[name] || null}
                  error={errors[`home.${name}`]}
                  onChange={(key) => onChange(name, key ?? '')}
                />
              ) : (
                <Text
                  key={name}
                  label={t(homeFieldLabel(name))}
                  value={home[name] ?? ''}
                  error={errors[`home.${name}`]}
                  onChange={(v) => onChange(name, v)}
                />
              ),
            )}
        </fieldset>
      ))}
    </AdminPart>
  );
}

type Donation = CmsEntryFields['donations'][number];
const emptyDonation: Donation = { code: '', monthly_code: '', title: '', monthly_title: '', description: '', amounts: '' };

/** The donations page's blocks (spec §3 Donation (CMS)): one per fund, with its amounts; added and removed. */
function Donations({
  donations,
  errors,
  revisions,
  onChange,
}: {
  donations: Donation[];
  errors: Errors;
  revisions: Record<string, number>;
  onChange: (donations: Donation[]) => void;
}) {
  const { t } = useI18n();
  const put = (i: number, change: Partial<Donation>) => onChange(donations.map((d, j) => (j === i ? { ...d, ...change } : d)));
  return (
    <AdminPart title={t('admin.pages.donations')} className="admin-page-editor__group">
      {donations.map((d, i) => {
        const n = i + 1;
        const error = (name: keyof Donation) => errors[`donations.${i}.${name}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id of their own; their place is their name
          <fieldset key={i} className="admin-page-editor__fieldset">
            <legend>{t('admin.pages.donation', { n })}</legend>
            <Text
              label={t('admin.pages.donationTitle')}
              value={d.title}
              error={error('title')}
              required
              onChange={(v) => put(i, { title: v })}
            />
            <Text
              label={t('admin.pages.donationCode')}
              value={d.code}
              error={error('code')}
              required
              onChange={(v) => put(i, { code: v })}
            />
            <Text
              label={t('admin.pages.donationMonthlyTitle')}
              value={d.monthly_title}
              error={error('monthly_title')}
              onChange={(v) => put(i, { monthly_title: v })}
            />
            <Text
              label={t('admin.pages.donationMonthlyCode')}
              value={d.monthly_code}
              error={error('monthly_code')}
              onChange={(v) => put(i, { monthly_code: v })}
            />
            <Text
              label={t('admin.pages.donationAmounts')}
              value={d.amounts}
              error={error('amounts')}
              inputMode="decimal"
              onChange={(v) => put(i, { amounts: v })}
            />
            <RichTextField
              key={`description-${revisions[`donations.${i}.description`] ?? 0}`}
              label={t('admin.pages.donationDescription')}
              value={d.description}
              error={error('description')}
              onChange={(v) => put(i, { description: v })}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onChange(donations.filter((_, j) => j !== i))}
            >
              {t('admin.pages.removeDonation', { n })}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => onChange([...donations, emptyDonation])}>
        {t('admin.pages.addDonation')}
      </button>
    </AdminPart>
  );
}

/** A list of addresses, one a line (scripts, stylesheets); a line's message shows under the box. */
function Lines({
  label,
  name,
  values,
  errors,
  onChange,
}: {
  label: string;
  name: string;
  values: string[];
  errors: Errors;
  onChange: (values: string[]) => void;
}) {
  const [text, setText] = useState(values.join('\n'));
  const error = Object.entries(errors).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];
  return (
    <Text
      label={label}
      value={text}
      error={error}
      multiline
      onChange={(v) => {
        setText(v);
        onChange(
          v
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/**
 * A picture or an MP3 of the page: uploaded, or chosen from the media library
 * (MediaUpload, which shows the file the field holds), or taken off the page.
 */
function StoredFile({
  kind,
  label,
  value,
  error,
  onChange,
}: {
  kind: 'image' | 'audio';
  label: string;
  value: string | null;
  error?: string;
  onChange: (key: string | null) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className={`admin-page-editor__file${error ? ' field--invalid' : ''}`}>
      <MediaUpload kind={kind} label={label} value={value} onChosen={(file) => onChange(file.key)} />
      {value ? (
        <button type="button" className="button button--secondary button--small" onClick={() => onChange(null)}>
          {t('admin.pages.removeFile', { label })}
        </button>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A text field of the editor: label, control, hint and message, wired for screen readers. */
function Text({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  multiline,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  inputMode?: 'decimal';
}) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required}>
      {({ id, describedBy }) => {
        const common = { id, value, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
        return multiline ? (
          <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...common} type="text" inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
        );
      }}
    </FieldFrame>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
