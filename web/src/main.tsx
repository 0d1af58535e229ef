import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { loadMessages, pageLang } from './lib/i18n';
import './styles.css';

const lang = pageLang();
const catalog = await loadMessages(lang);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App lang={lang} catalog={catalog} />
  </StrictMode>,
);
registerServiceWorker();
