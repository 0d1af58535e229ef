import { AGE_BANDS, AVATARS, ChildProfileCreate, type ChildProfileView, type FamilyAlbum, LISTENS } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { z } from 'zod';
import { SleepOptions } from '../../components/player/sleep-options';
import { Avatar, avatarName } from '../../components/profiles/avatars';
import { useI18n } from '../../lib/i18n';
import { deviceZone, zonesWith } from '../../lib/time-zones';
import { FieldFrame, fieldClass, SelectField, TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { type FormApi, useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSaveProfile } from './api/save-profile';

type ProfileValues = {
  nickname: string;
  avatar: string;
  age_band: string;
  listens: string;
  quiet: boolean;
  quiet_from: string;
  quiet_to: string;
  time_zone: string;
  limit: boolean;
  daily_limit_minutes: string;
  sleep_timer: string;
};

/** The form's fields as the API takes them, checked by the server's own contract (ChildProfileCreate). */
const ProfileFormSchema = z
  .object({
    nickname: z.string(),
    avatar: z.string(),
    age_band: z.string(),
    listens: z.string(),
    quiet: z.boolean(),
    quiet_from: z.string(),
    quiet_to: z.string(),
    time_zone: z.string(),
    limit: z.boolean(),
    daily_limit_minutes: z.string(),
    sleep_timer: z.string(),
  })
  .transform((v, ctx) => {
    const checked = ChildProfileCreate.safeParse({
      nickname: v.nickname,
      avatar: v.avatar,
      age_band: v.age_band,
      listens: v.listens,
      quiet_from: v.quiet ? v.quiet_from : null,
      quiet_to: v.quiet ? v.quiet_to : null,
      time_zone: v.time_zone,
      daily_limit_minutes: v.limit ? Number(v.daily_limit_minutes) : null,
      sleep_timer: v.sleep_timer || null,
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });

type Rule = 'pick' | 'never';

function valuesOf(profile: ChildProfileView | undefined): ProfileValues {
  return {
    nickname: profile?.nickname ?? '',
    avatar: profile?.avatar ?? 'fox',
    age_band: profile?.age_band ?? '3-5',
    listens: profile?.listens ?? 'all',
    quiet: Boolean(profile?.quiet_from),
    quiet_from: profile?.quiet_from ?? '19:30',
    quiet_to: profile?.quiet_to ?? '07:00',
    time_zone: profile?.time_zone && profile.time_zone !== 'UTC' ? profile.time_zone : deviceZone(),
    limit: profile?.daily_limit_minutes != null,
    daily_limit_minutes: String(profile?.daily_limit_minutes ?? 60),
    sleep_timer: profile?.sleep_timer ?? '',
  };
}

/**
 * A child's profile: the add form (nickname, avatar, age band) or, for a child already added, the same with every
 * rule (`profile` given): what they may hear, albums hand-picked or never, quiet hours, a daily limit and the sleep
 * timer. Calls `onDone` once saved.
 */
export function ProfileForm({
  profile,
  albums,
  onDone,
  onCancel,
}: {
  profile?: ChildProfileView;
  albums: readonly FamilyAlbum[];
  onDone: (nickname: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveProfile(profile?.id);
  const form = useForm<ProfileValues>(ProfileFormSchema, valuesOf(profile));
  const [rules, setRules] = useState(
    () =>
      new Map<number, Rule>([
        ...(profile?.picked ?? []).map((id) => [id, 'pick'] as const),
        ...(profile?.never ?? []).map((id) => [id, 'never'] as const),
      ]),
  );
  const submit = useFormSubmit<ChildProfileCreate>(form, {
    busy: save.isPending,
    send: (data) => {
      const withRule = (rule: Rule) => [...rules].filter(([, r]) => r === rule).map(([id]) => id);
      const body = profile ? { ...data, picked: withRule('pick'), never: withRule('never') } : data;
      save.mutate(body, {
        onSuccess: (saved) => onDone(saved.nickname),
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  const idBase = useId();
  const setRule = (id: number, rule: Rule, on: boolean) =>
    setRules((current) => {
      const next = new Map(current);
      if (on) next.set(id, rule);
      else if (next.get(id) === rule) next.delete(id);
      return next;
    });

  return (
    <form ref={submit.ref} className="profile-form" onSubmit={submit.onSubmit} noValidate>
      <TextField
        form={form}
        name="nickname"
        label={t('family.form.nickname')}
        hint={t('family.form.nicknameHint')}
        required
        maxLength={40}
      />
      <AvatarPicker form={form} />
      <SelectField
        form={form}
        name="age_band"
        label={t('family.form.ageBand')}
        required
        options={AGE_BANDS.map((band) => ({ value: band, label: t('family.ageBand', { band }) }))}
      />
      {profile && (
        <>
          <fieldset className="field field--radios">
            <legend>{t('family.form.listens')}</legend>
            {LISTENS.map((listens) => (
              <label key={listens} className="field--radio">
                <input
                  type="radio"
                  name={`${idBase}-listens`}
                  value={listens}
                  checked={form.values.listens === listens}
                  onChange={() => form.set('listens', listens)}
                />{' '}
                {t(`family.listens.${listens}`, { band: form.values.age_band })}
              </label>
            ))}
          </fieldset>
          <AlbumRules albums={albums} picking={form.values.listens === 'picked'} rules={rules} setRule={setRule} />
          <QuietHours form={form} />
          <fieldset className="field profile-form__group">
            <legend>{t('family.form.dailyLimit')}</legend>
            <label className="field--checkbox">
              <input type="checkbox" checked={form.values.limit} onChange={(e) => form.set('limit', e.target.checked)} />{' '}
              {t('family.form.limitOn')}
            </label>
            {form.values.limit && (
              <TextField
                form={form}
                name="daily_limit_minutes"
                label={t('family.form.limitMinutes')}
                type="number"
                inputMode="numeric"
              />
            )}
          </fieldset>
          <FieldFrame label={t('family.form.sleepTimer')} error={form.error('sleep_timer')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                value={form.values.sleep_timer}
                onChange={(e) => form.set('sleep_timer', e.target.value)}
              >
                <option value="">{t('family.form.sleepNone')}</option>
                <SleepOptions />
              </select>
            )}
          </FieldFrame>
        </>
      )}
      <p className="profile-form__actions">
        <SubmitButton busy={save.isPending}>
          {save.isPending ? t('family.form.saving') : profile ? t('family.form.save') : t('family.form.add')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('family.form.cancel')}
        </button>
      </p>
      <FormFailure message={submit.failure} />
    </form>
  );
}

/** The drawn avatars as a radio group: each animal's picture, named for screen readers. */
function AvatarPicker({ form }: { form: FormApi<ProfileValues> }) {
  const { t } = useI18n();
  const name = useId();
  return (
    <fieldset className="field field--radios avatar-picker">
      <legend>{t('family.form.avatar')}</legend>
      <div className="avatar-picker__choices">
        {AVATARS.map((avatar) => (
          <label key={avatar} className="avatar-picker__choice">
            <input
              type="radio"
              className="avatar-picker__input"
              name={name}
              value={avatar}
              checked={form.values.avatar === avatar}
              onChange={() => form.set('avatar', avatar)}
            />
            <Avatar name={avatar} size={52} />
            <span className="visually-hidden">{avatarName(t, avatar)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Quiet hours: off, or from–to on the family's clock (a time zone). */
function QuietHours({ form }: { form: FormApi<ProfileValues> }) {
  const { t } = useI18n();
  const [zones] = useState(() => zonesWith(form.values.time_zone));
  const time = (name: 'quiet_from' | 'quiet_to', label: string) => {
    const error = form.error(name);
    return (
      <FieldFrame label={label} error={error}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="time"
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            value={form.values[name]}
            onBlur={() => form.touch(name)}
            onChange={(e) => form.set(name, e.target.value)}
          />
        )}
      </FieldFrame>
    );
  };
  return (
    <fieldset className={`${fieldClass(undefined)} profile-form__group`}>
      <legend>{t('family.form.quietHours')}</legend>
      <label className="field--checkbox">
        <input type="checkbox" checked={form.values.quiet} onChange={(e) => form.set('quiet', e.target.checked)} />{' '}
        {t('family.form.quietOn')}
      </label>
      {form.values.quiet && (
        <>
          <div className="profile-form__hours">
            {time('quiet_from', t('family.form.quietFrom'))}
            {time('quiet_to', t('family.form.quietTo'))}
          </div>
          <FieldFrame label={t('family.form.timeZone')} error={form.error('time_zone')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                value={form.values.time_zone}
                onChange={(e) => form.set('time_zone', e.target.value)}
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        </>
      )}
    </fieldset>
  );
}

/** The family's albums: hand-picked ones (when the child hears only those) and albums the child never hears. */
function AlbumRules({
  albums,
  picking,
  rules,
  setRule,
}: {
  albums: readonly FamilyAlbum[];
  picking: boolean;
  rules: ReadonlyMap<number, Rule>;
  setRule: (id: number, rule: Rule, on: boolean) => void;
}) {
  const { t } = useI18n();
  if (albums.length === 0) return <p>{t('family.form.noAlbums')}</p>;
  return (
    <fieldset className="field profile-form__group">
      <legend>{picking ? t('family.form.albumsPicked') : t('family.form.albumsNever')}</legend>
      <ul className="profile-form__albums">
        {albums.map((album) => (
          <li key={album.id}>
            <span className="profile-form__album">{album.title}</span>
            {picking && (
              <label className="field--checkbox">
                <input
                  type="checkbox"
                  checked={rules.get(album.id) === 'pick'}
                  aria-label={t('family.form.pickAlbum', { title: album.title })}
                  onChange={(e) => setRule(album.id, 'pick', e.target.checked)}
                />{' '}
                <span aria-hidden="true">{t('family.form.pick')}</span>
              </label>
            )}
            <label className="field--checkbox">
              <input
                type="checkbox"
                checked={rules.get(album.id) === 'never'}
                aria-label={t('family.form.neverAlbum', { title: album.title })}
                onChange={(e) => setRule(album.id, 'never', e.target.checked)}
              />{' '}
              <span aria-hidden="true">{t('family.form.never')}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
