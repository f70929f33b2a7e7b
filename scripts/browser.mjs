// Where the test browser lives and how it is started on this kind of machine: Debian's
// Chromium, with the network-quiet flags a closed sandbox needs.
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/** Debian's package chromium-headless-shell: the same Chromium without the browser's UI. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The whole browser: the benchmarks and the screenshots, which measure what a visitor's runs.
 * Not on a new machine (`npm test` needs only the headless shell): without it the script stops
 * here, saying how to install it, rather than in Playwright's hunt for a browser of its own.
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  console.error('No Chromium found: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

/**
 * The end-to-end suite's browser: Chromium's headless shell, which Playwright itself runs its
 * headless tests in, when it is installed (the suite takes about a third less time in it than in
 * the whole browser: docs/development.md); else the whole browser. CHROMIUM_PATH overrides.
 */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return CANDIDATES.find((path) => existsSync(path));
}
