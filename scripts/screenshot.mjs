// Takes a screenshot of a page in headless Chromium and prints console errors, for looking at
// pages by eye: node scripts/screenshot.mjs URL OUT.png [width] [height] [light|dark]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser.mjs';

const [, , url, out, width = '390', height = '844', scheme = 'light'] = process.argv;
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [width] [height] [light|dark]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  colorScheme: scheme === 'dark' ? 'dark' : 'light',
});
const problems = [];
page.on('console', (message) => {
  if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
});
page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(600);
await page.screenshot({ path: out, fullPage: process.env.FULL_PAGE === '1' });
console.log(page.url());
if (problems.length) console.log(problems.join('\n'));
await browser.close();
