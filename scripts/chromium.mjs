import { existsSync } from 'node:fs';

// Debian's Chromium, as the browser journeys (web/e2e/playwright.config.ts)
// and `npm run lighthouse` start it. There is no outside network: without
// these flags Chromium's background services fill the log with failed requests.

/** The full browser (`apt-get install chromium`): what Lighthouse measures, as a family's browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell (`apt-get install
 * chromium-headless-shell`), the same engine and version as the full browser
 * without its desktop parts: what Playwright itself runs headless tests in.
 * Here a journey costs about half the CPU it costs in the full browser, whose
 * browser process spent more than the server and the renderers together.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser the journeys drive: `JOURNEY_BROWSER` if set, else the headless shell, else the full browser. */
export const JOURNEY_BROWSER_PATH =
  process.env.JOURNEY_BROWSER ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

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
