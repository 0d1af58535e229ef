import { useI18n } from '../../lib/i18n';

/** A plan's name by its code, in the plans page's words; a code the web does not know, as `fallback` (the server's title). */
export function usePlanName() {
  const { t } = useI18n();
  return (code: string, fallback: string) =>
    code === 'monthly' ? t('subscription.monthly') : code === 'annual' ? t('subscription.annual') : fallback;
}
