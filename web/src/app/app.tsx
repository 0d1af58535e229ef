import type { LangCode } from '@storyhouse/contracts';
import type { Catalog } from '@storyhouse/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PlayerProvider } from '../components/player/player';
import { ApiError } from '../lib/api-client';
import { I18nProvider } from '../lib/i18n';
import { AppRoutes } from './router';

/** The app's query cache: one per page in the browser, one per request in a server render (decision 015). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; a network blip might.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Marks the page once the app runs it (`<html data-app-ready>`): on a page
 * the server rendered, from then on every control of the markup answers
 * (decision 015). Journeys that must not click before it wait for it.
 */
function AppReady({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    keepDeviceSession(queryClient);
  }, [queryClient]);
  return null;
}

/**
 * The device session and the places heard offline (decision 044), from a chunk of their own. A network gone just as
 * the app started (the chunk could not be fetched) tries again when it returns, instead of an unhandled error and a
 * device session left out of step.
 */
function keepDeviceSession(queryClient: QueryClient) {
  import('./device-session-keeper').then(
    (keeper) => keeper.keepDeviceSessionInStep(queryClient),
    () => window.addEventListener('online', () => keepDeviceSession(queryClient), { once: true }),
  );
}

/**
 * The whole app. `location` is given only by a server render (the address
 * it renders); in the browser the router follows the window's address.
 */
export function App({
  lang,
  catalog,
  queryClient,
  location,
}: {
  lang: LangCode;
  catalog: Catalog;
  queryClient: QueryClient;
  location?: string;
}) {
  return (
    <I18nProvider lang={lang} catalog={catalog}>
      <QueryClientProvider client={queryClient}>
        <PlayerProvider>
          <AppRoutes location={location} />
          <AppReady queryClient={queryClient} />
        </PlayerProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
