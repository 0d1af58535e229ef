import '../lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadMessages, pageLang } from '../lib/i18n';
import { App, createQueryClient } from './app';
import { preloadFirstScreen, preloadScreenTable } from './router';
import { registerServiceWorker } from './service-worker';

/**
 * The app itself (React, the shell, the router), which main.tsx imports once the page has painted (decision 081):
 * loads the first page's code beside its messages, so its first render is whole (decision 014), then hydrates the
 * server's markup, in slices that leave the page responsive to input, or renders a page the server did not.
 */
export async function boot(root: HTMLElement, rendered: boolean) {
  const lang = pageLang();
  const [catalog] = await Promise.all([loadMessages(lang), preloadFirstScreen(window.location.pathname)]);
  const app = (
    <StrictMode>
      <App lang={lang} catalog={catalog} queryClient={createQueryClient()} />
    </StrictMode>
  );
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  registerServiceWorker(lang);
  preloadScreenTable();
}
