import type { LangCode } from '@storyhouse/contracts';
import { createTranslator } from '@storyhouse/i18n';
import { Workbox } from 'workbox-window';
import { loadMessages } from '../lib/i18n';

/**
 * Registers the worker and, when a new build's worker waits (decision 034),
 * shows "A new version is available: Reload". The new worker takes over
 * only then, and every page it then controls loads again: no page runs one
 * build's code with another's files. Loaded after the page is idle
 * (service-worker.ts).
 */
export async function startServiceWorker(lang: LangCode) {
  const t = createTranslator(lang, await loadMessages(lang));
  const texts = { updateAvailable: t('shell.updateAvailable'), reload: t('shell.updateReload') };
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    // This page or another one asked the new worker to take over: load the page again under it.
    wb.addEventListener('controlling', () => window.location.reload());
    showUpdatePrompt(texts, () => wb.messageSkipWaiting());
  });
  await wb.register();
  // A tab left open for days looks for a new build when it is shown again (the browser does on each page load).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) void wb.update();
  });
}

const PROMPT_ID = 'update-prompt';

/** The prompt, over the top of the page as the shell's other notices (its one button reloads). */
function showUpdatePrompt({ updateAvailable, reload }: { updateAvailable: string; reload: string }, onReload: () => void) {
  if (document.getElementById(PROMPT_ID)) return;
  const prompt = document.createElement('div');
  prompt.id = PROMPT_ID;
  prompt.className = 'banner banner--overlay banner--info';
  prompt.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = updateAvailable;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--small';
  button.textContent = reload;
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  prompt.append(text, button);
  document.body.append(prompt);
}
