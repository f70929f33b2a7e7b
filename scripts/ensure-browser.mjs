// Finds the browser the end-to-end tests need, or installs Debian's Chromium when it is missing
// and we may (root with apt-get). Playwright's own browser download is not used.
import { execSync } from 'node:child_process';
import { chromiumPath } from './browser.mjs';

if (chromiumPath()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (!isRoot || !hasApt) {
  console.error('No Chromium found. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
console.log('Installing Chromium from Debian packages for the end-to-end tests...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
if (!chromiumPath()) {
  console.error('Chromium installation finished but no browser binary was found.');
  process.exit(1);
}
