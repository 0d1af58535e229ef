import type { CmsTemplate, ContentByUrlResponse } from '@storyhouse/contracts';
import type { RenderRequest } from '@storyhouse/contracts/first-data';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, createQueryClient } from './app/app';
import { preloadFirstScreen } from './app/router';
import { cmsPagePath } from './features/cms/api/cms-page-path';
import { peekFirstAnswer } from './lib/first-data';
import { loadMessages } from './lib/i18n';
import { type ServerPage, withServerPage } from './lib/server-page';

/**
 * Pages whose first render depends on what only the browser holds: the free
 * MP3 pages show the form, or the download the visitor earned this browser
 * session (sessionStorage). The server sends them empty; the browser renders them.
 */
const browserOnlyTemplates: ReadonlySet<CmsTemplate> = new Set(['free-mp3']);

/**
 * Decision 015: the HTML of the app's first render for one request, the
 * markup the browser then hydrates (main.tsx); empty for a page the browser must render. It renders what the browser's
 * first render would: the same messages, the page's screen code loaded
 * first, and the same embedded answers, so the two agree.
 */
export async function render(request: RenderRequest): Promise<string> {
  const page = (): ServerPage => ({
    cookies: request.cookies,
    alternates: request.alternates,
    answers: new Map(Object.entries(request.answers)),
  });
  const pathname = new URL(request.url, 'http://page').pathname;
  const cms = withServerPage(page(), () => peekFirstAnswer(cmsPagePath(pathname)));
  if (cms?.status === 200 && browserOnlyTemplates.has((cms.body as ContentByUrlResponse).cms_template)) return '';
  const [catalog] = await Promise.all([loadMessages(request.lang), withServerPage(page(), () => preloadFirstScreen(pathname))]);
  return withServerPage(page(), () =>
    renderToString(
      <StrictMode>
        <App lang={request.lang} catalog={catalog} queryClient={createQueryClient()} location={request.url} />
      </StrictMode>,
    ),
  );
}
