import { useMemo } from 'react';
import { useI18n } from '../../../lib/i18n';

/**
 * A moment as the back office shows it (a timeline, the audit log): the
 * app's date (Intl, medium, in the site language) with the time, since
 * several things happen to an order in one day.
 */
export function useFormatDateTime() {
  const { lang } = useI18n();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    return (date: string) => format.format(new Date(date));
  }, [lang]);
}
