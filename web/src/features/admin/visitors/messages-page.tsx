import {
  type AdminContactMessage,
  type AdminLessonRequest,
  adminPath,
  type HandledStatus,
  handledStatuses,
} from '@storyhouse/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type ActionResult, ActionResultStatus } from '../shared/action-result';
import { AdminLayout } from '../shared/admin-layout';
import { useFormatDateTime } from '../shared/format-date-time';
import { listHref, pageParam } from '../shared/list-params';
import { type MessageKind, useMarkHandled, useMessages } from './api/moderation';
import { ItemFacts, ListSwitch } from './moderation-part';
import '../../../ui/form/form.css';
import { ListResults } from '../shared/admin-part';

const kinds: MessageKind[] = ['contact', 'lessons'];

/**
 * Issue 30 item 5, Messages: what visitors sent through the contact form and
 * the Bible-lessons sign-up, newest first, the open ones (not handled yet) or
 * the handled ones; the kind, state and page are in the address. Marking one
 * handled says who did and when; it can be opened again.
 */
export default function MessagesPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const kind = kinds.find((k) => k === params.get('kind')) ?? 'contact';
  const status = handledStatuses.find((s) => s === params.get('status')) ?? 'open';
  const page = pageParam(params);
  const path = adminPath('adminMessages', lang) ?? '';
  const href = (next: { kind?: MessageKind; status?: HandledStatus; page?: number }) =>
    listHref(
      path,
      { kind: next.kind ?? kind, status: next.status ?? status, page: next.page },
      { kind: 'contact', status: 'open' },
    );
  const [result, setResult] = useState<ActionResult>();

  return (
    <AdminLayout title={t('admin.messages.title')}>
      <ListSwitch
        label={t('admin.messages.kinds')}
        items={kinds.map((k) => ({
          href: href({ kind: k, page: 1 }),
          label: t(`admin.messages.kind.${k}`),
          current: k === kind,
        }))}
      />
      <ListSwitch
        label={t('admin.messages.statuses')}
        items={handledStatuses.map((s) => ({
          href: href({ status: s, page: 1 }),
          label: t(`admin.messages.status.${s}`),
          current: s === status,
        }))}
      />
      <ActionResultStatus result={result} />
      <MessageList kind={kind} status={status} page={page} href={(p) => href({ page: p })} onResult={setResult} />
    </AdminLayout>
  );
}

function MessageList({
  kind,
  status,
  page,
  href,
  onResult,
}: {
  kind: MessageKind;
  status: HandledStatus;
  page: number;
  href: (page: number) => string;
  onResult: (r: ActionResult | undefined) => void;
}) {
  const { t } = useI18n();
  const { data, error, isPending, isPlaceholderData, refetch } = useMessages(kind, status, page);
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <ListResults
      list={data}
      page={page}
      href={href}
      busy={isPlaceholderData}
      countText={t(`admin.messages.count.${kind}`, { count: data.count })}
      emptyText={t(`admin.messages.none.${kind}.${status}`)}
      pagingLabel={t('admin.messages.paging')}
    >
      <ul className="moderation-list">
        {data.items.map((item) => (
          <li key={item.id}>
            {kind === 'contact' ? (
              <ContactItem message={item as AdminContactMessage} onResult={onResult} />
            ) : (
              <LessonItem request={item as AdminLessonRequest} onResult={onResult} />
            )}
          </li>
        ))}
      </ul>
    </ListResults>
  );
}

function ContactItem({ message, onResult }: { message: AdminContactMessage; onResult: (r: ActionResult | undefined) => void }) {
  const { t } = useI18n();
  return (
    <Item kind="contact" item={message} onResult={onResult}>
      <ItemFacts
        facts={[
          [
            t('admin.messages.email'),
            <a key="email" href={`mailto:${message.email}`}>
              {message.email}
            </a>,
          ],
          [t('admin.messages.phone'), message.phone],
          [t('admin.messages.address'), message.address],
          [t('admin.messages.findUs'), message.find_us],
          [t('admin.messages.site'), t(`lang.${message.lang_code}`)],
        ]}
      />
      <p className="moderation-item__text">{message.message}</p>
    </Item>
  );
}

function LessonItem({ request, onResult }: { request: AdminLessonRequest; onResult: (r: ActionResult | undefined) => void }) {
  const { t } = useI18n();
  const what =
    request.receive_method === 'mail'
      ? t('admin.messages.lessonsByMail', {
          count: request.sets_needed ?? 1,
          choice: t(`adventures.mailChoice.${request.mail_choice ?? 'print_and_mail_back'}`),
        })
      : t('admin.messages.lessonsDownload');
  return (
    <Item kind="lessons" item={request} onResult={onResult}>
      <ItemFacts
        facts={[
          [t('admin.messages.lessons'), `${what} (${t(`lang.${request.lang_code}`)})`],
          [
            t('admin.messages.email'),
            <a key="email" href={`mailto:${request.email}`}>
              {request.email}
            </a>,
          ],
          [t('admin.messages.phone'), request.phone],
          [t('admin.messages.postal'), request.address],
          [t('admin.messages.birthday'), request.birthday],
          [t('admin.messages.station'), request.station],
        ]}
      />
    </Item>
  );
}

/** A message's card: who and when, what it says (children), who handled it, and the button that changes that. */
function Item({
  kind,
  item,
  onResult,
  children,
}: {
  kind: MessageKind;
  item: AdminContactMessage | AdminLessonRequest;
  onResult: (r: ActionResult | undefined) => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const formatDateTime = useFormatDateTime();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const mark = useMarkHandled(kind);
  const handled = item.handled_at !== null;
  const name = item.name;
  const toggle = () => {
    onResult(undefined);
    mark.mutate(
      { id: item.id, handled: !handled },
      {
        onSuccess: () =>
          onResult({
            ok: true,
            message: handled ? t('admin.messages.reopened', { name }) : t('admin.messages.markedHandled', { name }),
          }),
        onError: (error) => onResult({ ok: false, message: errorMessage(error) }),
      },
    );
  };
  return (
    <article className="moderation-item card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <p className="admin-table__note">
        <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
      </p>
      {children}
      {item.handled_at ? (
        <p className="moderation-item__handled">
          {item.handled_by
            ? t('admin.messages.handledBy', { who: item.handled_by, date: formatDateTime(item.handled_at) })
            : t('admin.messages.handledOn', { date: formatDateTime(item.handled_at) })}
        </p>
      ) : null}
      <div className="moderation-item__actions">
        <button
          type="button"
          className={handled ? 'button button--secondary' : 'button'}
          disabled={mark.isPending}
          aria-label={handled ? t('admin.messages.reopenFor', { name }) : t('admin.messages.markHandledFor', { name })}
          onClick={toggle}
        >
          {handled ? t('admin.messages.reopen') : t('admin.messages.markHandled')}
        </button>
      </div>
    </article>
  );
}
