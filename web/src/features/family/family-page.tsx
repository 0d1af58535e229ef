import type { ChildProfilesResponse, ChildProfileView } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { useSleepLabel } from '../../components/player/sleep-options';
import { Avatar } from '../../components/profiles/avatars';
import { ParentPinForm } from '../../components/profiles/parent-pin-form';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useDeleteProfile } from './api/delete-profile';
import { profilesKey, useChildProfiles } from './api/get-profiles';
import { ProfileForm } from './profile-form';
import './family.css';

/**
 * Account → Family (/account/family, the parents only): each child's profile with their rules, what they listened
 * to lately and how long; add, change and delete a child. The family PIN that guards the grown-ups lock is set in
 * the section #pin (the PIN form, components/profiles).
 */
export default function FamilyPage() {
  const { t } = useI18n();
  useDocumentTitle(t('family.title'));
  const profiles = useChildProfiles();
  return (
    <article className="page family">
      <h1>{t('family.title')}</h1>
      <p>{t('family.intro')}</p>
      {profiles.isPending ? (
        <Loading shape="block" />
      ) : profiles.isError ? (
        <LoadError error={profiles.error} onRetry={() => void profiles.refetch()} />
      ) : (
        <Family data={profiles.data} />
      )}
      <p>
        <RouteLink to="accountSettings" className="tap-link">
          {t('family.backToSettings')}
        </RouteLink>
      </p>
    </article>
  );
}

function Family({ data }: { data: ChildProfilesResponse }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState('');
  const full = data.items.length >= data.max;
  return (
    <>
      {!data.has_pin && (
        <p className="family__notice" role="note">
          {t('family.pinNeeded')} <a href="#pin">{t('family.pinLink')}</a>
        </p>
      )}
      <p role="status" className="family__status">
        {status}
      </p>
      {data.items.length === 0 ? (
        <p>{t('family.none')}</p>
      ) : (
        <ul className="family__children">
          {data.items.map((child) => (
            <ChildCard key={child.id} child={child} data={data} onStatus={setStatus} />
          ))}
        </ul>
      )}
      {adding ? (
        <section className="family__add card" aria-label={t('family.addTitle')}>
          <h2>{t('family.addTitle')}</h2>
          <ProfileForm
            albums={data.albums}
            onDone={(nickname) => {
              setAdding(false);
              setStatus(t('family.added', { nickname }));
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : full ? (
        <p>{t('family.full', { max: data.max })}</p>
      ) : (
        <p>
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('family.add')}
          </button>
        </p>
      )}
      <ParentPinForm onSaved={() => queryClient.invalidateQueries({ queryKey: profilesKey })} />
    </>
  );
}

/** What the child may hear, their quiet hours, limit and sleep timer, a line each. */
function useRulesSummary() {
  const { t } = useI18n();
  const sleepLabel = useSleepLabel();
  return (child: ChildProfileView) => {
    const lines = [t(`family.listens.${child.listens}`, { band: child.age_band })];
    if (child.listens === 'picked') lines[0] = t('family.summary.picked', { count: child.picked.length });
    if (child.never.length > 0) lines.push(t('family.summary.never', { count: child.never.length }));
    lines.push(
      child.quiet_from && child.quiet_to
        ? t('family.summary.quiet', { from: child.quiet_from, to: child.quiet_to })
        : t('family.summary.noQuiet'),
    );
    lines.push(
      child.daily_limit_minutes === null
        ? t('family.summary.noLimit')
        : t('family.summary.limit', { minutes: child.daily_limit_minutes }),
    );
    if (child.sleep_timer) lines.push(t('family.summary.sleep', { choice: sleepLabel(child.sleep_timer as never) }));
    return lines;
  };
}

function ChildCard({
  child,
  data,
  onStatus,
}: {
  child: ChildProfileView;
  data: ChildProfilesResponse;
  onStatus: (status: string) => void;
}) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const summary = useRulesSummary();
  const remove = useDeleteProfile();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const total = child.week.reduce((sum, d) => sum + d.minutes, 0);
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  const most = Math.max(1, ...child.week.map((d) => d.minutes));
  return (
    <li className="family-child card" aria-labelledby={headingId}>
      <div className="family-child__head">
        <Avatar name={child.avatar} size={56} />
        <div>
          <h2 id={headingId}>{child.nickname}</h2>
          <p className="family-child__band">{t('family.ageBand', { band: child.age_band })}</p>
        </div>
      </div>
      <ul className="family-child__rules">
        {summary(child).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>{t('family.week', { minutes: total })}</h3>
      <ol className="family-week">
        {child.week.map((d) => (
          <li key={d.day} className="family-week__day">
            <span className="family-week__bar" style={{ height: `${Math.round((d.minutes / most) * 100)}%` }} />
            <span aria-hidden="true">{weekday.format(new Date(`${d.day}T12:00:00Z`))}</span>
            <span className="visually-hidden">
              {t('family.day', { day: weekday.format(new Date(`${d.day}T12:00:00Z`)), minutes: d.minutes })}
            </span>
          </li>
        ))}
      </ol>
      <h3>{t('family.recent')}</h3>
      {child.recent.length === 0 ? (
        <p>{t('family.recentNone')}</p>
      ) : (
        <ul className="family-child__recent">
          {child.recent.map((album) => (
            <li key={album.id}>
              <Link to={`/library/album/${album.id}`} className="tap-link">
                {album.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <ProfileForm
          profile={child}
          albums={data.albums}
          onDone={(nickname) => {
            setEditing(false);
            onStatus(t('family.saved', { nickname }));
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="family-child__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('family.editLabel', { nickname: child.nickname })}
            onClick={() => setEditing(true)}
          >
            {t('family.edit')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('family.deleteLabel', { nickname: child.nickname })}
            onClick={() => setAsking(true)}
          >
            {t('family.delete')}
          </button>
        </p>
      )}
      {remove.isError && (
        <p className="form-status form-status--error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={t('family.deleteTitle', { nickname: child.nickname })}
        confirmLabel={t('family.deleteConfirm')}
        cancelLabel={t('family.deleteCancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          remove.mutate(child.id, { onSuccess: () => onStatus(t('family.deleted', { nickname: child.nickname })) });
        }}
      >
        {t('family.deleteText', { nickname: child.nickname })}
      </ConfirmDialog>
    </li>
  );
}
