import { useI18n } from '../lib/i18n';

/** "Loading…" announced to screen readers: a page, a lazy screen or a check still on its way. */
export function Loading() {
  const { t } = useI18n();
  return (
    <p className="loading" role="status">
      {t('shell.loading')}
    </p>
  );
}
