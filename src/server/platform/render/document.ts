import { COMPANY } from '../../../common/constants';
import { FAVICON_DATA_URL } from '../../../common/favicon';
import { THEME_INIT_SCRIPT } from '../../../common/theme';
import { type HeadData, SITE_DATA_ELEMENT_ID, SITE_ROOT_ELEMENT_ID, type SitePageData } from '../../../common/site-data';

export interface SiteAssets {
  script: string;
  styles: string[];
  preloads: string[];
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script> must not be able to close the element or open a comment. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The link-preview picture, the article dates and the Twitter card (which repeats title and description). */
function socialTags(head: HeadData, publicUrl: string): string[] {
  const image = head.ogImage ?? { url: `${publicUrl}/icons/og-image.png`, alt: '' };
  return [
    `<meta property="og:image" content="${escapeHtml(image.url)}">`,
    image.alt ? `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">` : '',
    head.articleTimes ? `<meta property="article:published_time" content="${escapeHtml(head.articleTimes.published)}">` : '',
    head.articleTimes ? `<meta property="article:modified_time" content="${escapeHtml(head.articleTimes.modified)}">` : '',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}">`,
    image.alt ? `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">` : '',
  ];
}

export function documentStart(head: HeadData, assets: SiteAssets, publicUrl: string): string {
  const canonical = `${publicUrl}${head.canonicalPath}`;
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName ?? COMPANY.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    ...socialTags(head, publicUrl),
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#121417">',
    '<meta name="color-scheme" content="light dark">',
    `<link rel="icon" href="${FAVICON_DATA_URL}" type="image/svg+xml">`,
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    `<script>${THEME_INIT_SCRIPT}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${safeJson(item)}</script>`),
    '</head>',
    '<body>',
    `<div id="${SITE_ROOT_ELEMENT_ID}">`,
  ].join('');
}

/** The id of the <noscript> that counts a page without JavaScript; the site's script counts when it exists. */
export const INSIGHTS_NOSCRIPT_ID = 'insights-pixel';

/** `insightsPath`: the page's path when Insights counts views (null with INSIGHTS=off). */
export function documentEnd(data: SitePageData, assets: SiteAssets, insightsPath: string | null = null): string {
  return [
    '</div>',
    insightsPath === null
      ? ''
      : `<noscript id="${INSIGHTS_NOSCRIPT_ID}"><img src="/api/insights/pixel?p=${encodeURIComponent(insightsPath)}" alt="" width="1" height="1" hidden></noscript>`,
    `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${safeJson(data)}</script>`,
    assets.script ? `<script type="module" src="${escapeHtml(assets.script)}"></script>` : '',
    '</body>',
    '</html>',
  ].join('');
}
