// Debian's Chromium as the browser journeys (web/e2e/playwright.config.ts) and
// `npm run lighthouse` start it. There is no outside network: without these
// flags Chromium's background services fill the log with failed requests.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Pages share up to two renderer processes instead of starting one per
  // browser context (each test's): on a small machine starting a process is
  // a good part of a short journey (~0.4 s of 2).
  '--renderer-process-limit=2',
];
