// Finds the browser the end-to-end tests need, or installs it from Debian's packages when it is
// missing and we may (root with apt-get): Chromium's headless shell (scripts/browser.mjs).
// Playwright's own browser download is not used.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL, testBrowserPath } from './browser.mjs';

if (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (isRoot && hasApt) {
  console.log("Installing Chromium's headless shell from Debian's packages for the end-to-end tests...");
  const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell';
  try {
    execSync(install, { stdio: 'inherit' });
  } catch {
    // The package lists may be missing or stale on a new machine.
    try {
      execSync(`apt-get update -qq && ${install}`, { stdio: 'inherit' });
    } catch {
      console.error("Chromium's headless shell could not be installed.");
    }
  }
}
const browser = testBrowserPath();
if (!browser) {
  console.error('No Chromium found. Install it (Debian: apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (browser !== HEADLESS_SHELL) console.log(`Using ${browser} for the end-to-end tests (slower than the headless shell).`);
