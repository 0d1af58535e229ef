import { AuditAction, type AuditEntry, adminPath } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { auditDetails } from '../shared/audit-words';
import { useFormatDateTime } from '../shared/format-date-time';
import { listHref, pageParam } from '../shared/list-params';
import { actionLabel } from '../shared/order-words';
import { useAudit } from './api/get-audit';
import '../../../ui/form/form.css';
import { ApplyFilters, ListResults } from '../shared/admin-part';

/**
 * Issue 29 item 7, the audit log: every admin action (who, when, what, to
 * what, from which address), newest first, 50 a page, of one kind or all.
 * Read only: nobody edits the record, here or anywhere. The kind and page
 * are in the address.
 */
export default function AuditPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = AuditAction.safeParse(params.get('action'));
  const action = parsed.success ? parsed.data : undefined;
  const page = pageParam(params);
  const path = adminPath('adminAudit', lang) ?? '';
  const href = (next: { action?: AuditAction | undefined; page?: number }) =>
    listHref(path, { action: 'action' in next ? next.action : action, page: next.page });
  return (
    <AdminLayout title={t('admin.audit.title')}>
      <AuditFilter action={action} onApply={(next) => navigate(href({ action: next }))} />
      <AuditList action={action} page={page} href={(p) => href({ page: p })} />
    </AdminLayout>
  );
}

/** The kind of action to list; it applies when sent, like the orders' filters. */
function AuditFilter({
  action,
  onApply,
}: {
  action: AuditAction | undefined;
  onApply: (action: AuditAction | undefined) => void;
}) {
  const { t } = useI18n();
  const selectId = useId();
  const [draft, setDraft] = useState(action ?? '');
  // Back and forward change the kind in the address: the select follows.
  useEffect(() => setDraft(action ?? ''), [action]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(AuditAction.safeParse(draft).data);
  };
  return (
    <form className="admin-filters" aria-label={t('admin.audit.filters')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={selectId}>{t('admin.audit.actionFilter')}</label>
        <select id={selectId} value={draft} onChange={(e) => setDraft(e.target.value)}>
          <option value="">{t('admin.audit.allActions')}</option>
          {AuditAction.options.map((value) => (
            <option key={value} value={value}>
              {actionLabel(t, value)}
            </option>
          ))}
        </select>
      </div>
      <ApplyFilters label={t('admin.list.apply')} />
    </form>
  );
}

function AuditList({ action, page, href }: { action: AuditAction | undefined; page: number; href: (page: number) => string }) {
  const { t } = useI18n();
  const formatDateTime = useFormatDateTime();
  const { data, error, isPending, isPlaceholderData, refetch } = useAudit(page, action);
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <ListResults
      list={data}
      page={page}
      href={href}
      busy={isPlaceholderData}
      countText={t('admin.audit.count', { count: data.count })}
      emptyText={action ? t('admin.audit.noneOfKind') : t('admin.audit.none')}
      pagingLabel={t('admin.audit.paging')}
    >
      <table className="admin-table admin-table--stacked">
        <caption className="visually-hidden">{t('admin.audit.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.when')}</th>
            <th scope="col">{t('admin.audit.who')}</th>
            <th scope="col">{t('admin.audit.what')}</th>
            <th scope="col">{t('admin.audit.target')}</th>
            <th scope="col">{t('admin.audit.details')}</th>
            <th scope="col">{t('admin.audit.address')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td>{entry.admin.email}</td>
              <th scope="row">{actionLabel(t, entry.action)}</th>
              <td>
                <AuditTarget entry={entry} />
              </td>
              <td>
                <Details entry={entry} />
              </td>
              <td>{entry.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListResults>
  );
}

/**
 * What an action was done to, in words: its kind named in the page's
 * language, an order or a user linked to the list that finds it; a target
 * recorded otherwise as it was.
 */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { t, lang } = useI18n();
  const { target_kind: kind, target_name: name } = entry;
  if (kind === '') return <>{entry.target}</>;
  const words = t(`admin.audit.targetOf.${kind}`, { name });
  // A CMS page is recorded as "page /about (en)": the pages list finds it by its path in its language.
  const page = kind === 'page' ? /^(\S+) \((\w+)\)$/.exec(name) : null;
  if (page)
    return <Link to={listHref(adminPath('adminPages', lang) ?? '', { search: page[1], lang_code: page[2] })}>{words}</Link>;
  const list = kind === 'order' ? adminPath('adminOrders', lang) : kind === 'user' ? adminPath('adminUsers', lang) : undefined;
  return list ? <Link to={listHref(list, { search: name })}>{words}</Link> : words;
}

/** An action's details in words: money, sizes, kinds and languages as the admin reads them (audit-words.ts). */
function Details({ entry }: { entry: AuditEntry }) {
  const { t, lang, formatMoney } = useI18n();
  const lines = auditDetails(entry, { t, lang, formatMoney });
  if (lines.length === 0) return null;
  return (
    <dl className="admin-details">
      {lines.map(({ name, value }) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
