import type { LangCode } from '@storyhouse/contracts';
import type { Catalog } from '@storyhouse/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PlayerProvider } from '../components/player/player';
import { ApiError } from '../lib/api-client';
import { I18nProvider } from '../lib/i18n';
import { AppRoutes } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; a network blip might.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

export function App({ lang, catalog }: { lang: LangCode; catalog: Catalog }) {
  return (
    <I18nProvider lang={lang} catalog={catalog}>
      <QueryClientProvider client={queryClient}>
        <PlayerProvider>
          <AppRoutes />
        </PlayerProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
