import { useI18n } from '../../lib/i18n';

/**
 * A plan's name by its code, in the plans page's words; a code the web does not know, as `fallback`. For an
 * invoice, which names its plan by code only: a plan or monthly gift itself carries its title in the site's
 * language (decision 038), as the back office's Plans and funds page sets it.
 */
export function usePlanName() {
  const { t } = useI18n();
  return (code: string, fallback: string) =>
    code === 'monthly' ? t('subscription.monthly') : code === 'annual' ? t('subscription.annual') : fallback;
}
