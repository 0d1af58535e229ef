import { adminPath, type LangCode, langCodes, type SubscriberStatus, subscriberStatuses } from '@storyhouse/contracts';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { ListResults } from '../shared/admin-part';
import { useFormatDateTime } from '../shared/format-date-time';
import { listHref, pageParam } from '../shared/list-params';
import { subscribersCsvHref, useSubscribers } from './api/moderation';
import { ListSwitch } from './moderation-part';

/**
 * Issue 30 item 5, Newsletter: each site language's list (its own
 * subscribers), the confirmed addresses or those still waiting for their
 * owner to confirm, newest first; and the spreadsheet of a list's confirmed
 * subscribers (only they asked and confirmed), for the mailing. The list,
 * state and page are in the address.
 */
export default function NewsletterPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  // The list of the admin's own language first: the Spanish site's volunteer looks after the Spanish list.
  const list = langCodes.find((l) => l === params.get('list')) ?? lang;
  const status = subscriberStatuses.find((s) => s === params.get('status')) ?? 'confirmed';
  const page = pageParam(params);
  const path = adminPath('adminNewsletter', lang) ?? '';
  const href = (next: { list?: LangCode; status?: SubscriberStatus; page?: number }) =>
    listHref(
      path,
      { list: next.list ?? list, status: next.status ?? status, page: next.page },
      { list: lang, status: 'confirmed' },
    );
  const { data, error, isPending, isPlaceholderData, refetch } = useSubscribers(list, status, page);
  const listName = t(`lang.${list}`);

  let body: React.ReactNode;
  if (isPending) body = <Loading shape="block" />;
  else if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else {
    body = (
      <ListResults
        list={data}
        page={page}
        href={(p) => href({ page: p })}
        busy={isPlaceholderData}
        countText={t(`admin.newsletter.count.${status}`, { count: data.count, list: listName })}
        emptyText={t(`admin.newsletter.none.${status}`, { list: listName })}
        pagingLabel={t('admin.newsletter.paging')}
      >
        <SubscriberTable items={data.items} status={status} />
      </ListResults>
    );
  }
  const counts = data?.lists;

  return (
    <AdminLayout title={t('admin.newsletter.title')}>
      <ListSwitch
        label={t('admin.newsletter.lists')}
        items={langCodes.map((l) => {
          const c = counts?.find((x) => x.lang === l);
          return {
            href: href({ list: l, page: 1 }),
            label: c ? t('admin.newsletter.listWithCount', { list: t(`lang.${l}`), count: c.confirmed }) : t(`lang.${l}`),
            current: l === list,
          };
        })}
      />
      <ListSwitch
        label={t('admin.newsletter.statuses')}
        items={subscriberStatuses.map((s) => ({
          href: href({ status: s, page: 1 }),
          label: t(`admin.newsletter.status.${s}`),
          current: s === status,
        }))}
      />
      <p className="moderation-export">
        <a className="button button--secondary" href={subscribersCsvHref(list)} download>
          {t('admin.newsletter.download', { list: listName })}
        </a>
      </p>
      {body}
    </AdminLayout>
  );
}

function SubscriberTable({
  items,
  status,
}: {
  items: { id: number; email: string; fname: string; lname: string; created_at: string; confirmed_at: string | null }[];
  status: SubscriberStatus;
}) {
  const { t } = useI18n();
  const formatDateTime = useFormatDateTime();
  return (
    <table className="admin-table admin-table--stacked">
      <caption className="visually-hidden">{t('admin.newsletter.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.newsletter.col.email')}</th>
          <th scope="col">{t('admin.newsletter.name')}</th>
          <th scope="col">{t('admin.newsletter.col.signedUp')}</th>
          {status === 'confirmed' ? <th scope="col">{t('admin.newsletter.col.confirmed')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {items.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              <span className="admin-table__line">{s.email}</span>
            </th>
            <LabelledCell label={t('admin.newsletter.name')}>{`${s.fname} ${s.lname}`.trim()}</LabelledCell>
            <LabelledCell label={t('admin.newsletter.col.signedUp')}>
              <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
            </LabelledCell>
            {status === 'confirmed' && s.confirmed_at ? (
              <LabelledCell label={t('admin.newsletter.col.confirmed')}>
                <time dateTime={s.confirmed_at}>{formatDateTime(s.confirmed_at)}</time>
              </LabelledCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A cell with its column's name before it where the columns stack (a phone); screen readers have the column heading. */
function LabelledCell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td>
      <span className="admin-table__label" aria-hidden="true">
        {label}:{' '}
      </span>
      {children}
    </td>
  );
}
