import { useI18n } from '../../lib/i18n';

/** Spec §3 Reset password: the show-password checkbox turns the form's password fields into plain text. */
export function ShowPassword({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  const { t } = useI18n();
  return (
    <label className="field field--checkbox">
      <input type="checkbox" checked={shown} onChange={(e) => onChange(e.target.checked)} /> {t('password.showPassword')}
    </label>
  );
}
