import { useEffect } from 'react';
import { useI18n } from '../lib/i18n';

/** Keeps the tab title in step with client-side navigation ("Page · Storyhouse"). */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useI18n();
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.titleSuffix')}` : `${t('app.name')}: ${t('app.tagline')}`;
  }, [title, t]);
}
