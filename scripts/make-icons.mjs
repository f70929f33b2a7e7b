// Draws the home-screen icons and the social preview image from the logo's SVG in headless
// Chromium, so they need no image tool: node scripts/make-icons.mjs (writes public/icons/*.png).
// The PNGs are committed; run this again only when the logo or the company's wording changes.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser.mjs';

const BLUE = '#1f5eff';
const OUT = 'public/icons';

/** The "N" of public/favicon.svg, on a 32-unit grid. */
const mark = (stroke = '#fff') =>
  `<path d="M9 24V9l14 15V9" fill="none" stroke="${stroke}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Rounded tile with transparent corners: browsers show it as it is. */
const roundedIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BLUE}"/>${mark()}</svg>`;

/** Full bleed, the mark inside the central safe circle (80 %) that launchers never crop. */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.78) translate(-16 -16.5)">${mark()}</g></svg>`;

/** iOS rounds the corners itself and shows transparency as black: a full square. */
const appleIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.9) translate(-16 -16.5)">${mark()}</g></svg>`;

const page = (body, width, height, css = '') => `<!doctype html><html><head><style>
html,body{margin:0;width:${width}px;height:${height}px;background:transparent;overflow:hidden}
svg.icon{display:block;width:${width}px;height:${height}px}${css}</style></head><body>${body}</body></html>`;

const ogImage = page(
  `<main>
    <div class="brand">${roundedIcon.replace('<svg ', '<svg class="logo" ')}<span>Northwind</span></div>
    <h1>Northwind Computer Services</h1>
    <p>Computers that just work, for people who have better things to do.</p>
    <footer>Repairs · Networks · Security · Support for small offices</footer>
  </main>`,
  1200,
  630,
  `body{background:#0b1f5c;border-top:12px solid ${BLUE};box-sizing:border-box;font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif;color:#fff}
  main{box-sizing:border-box;height:618px;padding:72px 88px;display:flex;flex-direction:column;justify-content:center;gap:24px}
  .brand{display:flex;align-items:center;gap:20px;font-size:34px;font-weight:700;letter-spacing:.02em}
  .logo{width:84px;height:84px;border-radius:18px;box-shadow:0 8px 24px rgba(0,0,0,.25)}
  h1{margin:0;font-size:68px;line-height:1.08;font-weight:800;max-width:980px}
  p{margin:0;font-size:32px;line-height:1.35;color:#dbe5ff;max-width:900px}
  footer{margin-top:20px;font-size:24px;color:#b8c9ff}`,
);

const targets = [
  { file: 'icon-192.png', html: page(roundedIcon.replace('<svg ', '<svg class="icon" '), 192, 192), size: [192, 192] },
  { file: 'icon-512.png', html: page(roundedIcon.replace('<svg ', '<svg class="icon" '), 512, 512), size: [512, 512] },
  { file: 'icon-maskable-512.png', html: page(maskableIcon.replace('<svg ', '<svg class="icon" '), 512, 512), size: [512, 512] },
  { file: 'apple-touch-icon.png', html: page(appleIcon.replace('<svg ', '<svg class="icon" '), 180, 180), size: [180, 180] },
  { file: 'og-image.png', html: ogImage, size: [1200, 630] },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const { file, html, size } of targets) {
    const tab = await browser.newPage({ viewport: { width: size[0], height: size[1] }, deviceScaleFactor: 1 });
    await tab.setContent(html);
    await tab.screenshot({ path: `${OUT}/${file}`, omitBackground: true });
    await tab.close();
    console.log(`${OUT}/${file} ${size.join('x')}`);
  }
} finally {
  await browser.close();
}
