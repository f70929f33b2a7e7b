import { COMPANY } from '../../../common/constants';

/**
 * The page a browser gets when a page cannot be served (the database is down, something broke):
 * a plain, self-contained HTML document (no script, no inline style, nothing that needs the
 * database), in place of a JSON body a visitor cannot read.
 */
export function errorPageHtml(status: number): string {
  const unavailable = status === 503;
  const title = unavailable ? 'We will be right back' : 'Something went wrong';
  const text = unavailable
    ? 'This page is not available at the moment. Please try again in a minute.'
    : 'This page could not be shown because of a problem on our side. Please try again later.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${COMPANY.name}</title>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="">Try again</a> or <a href="/">go to the home page</a>.</p>
</main>
</body>
</html>
`;
}

/** A browser asking for a page (not an API client): it gets HTML errors. */
export function wantsHtmlPage(method: string, rawUrl: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = rawUrl.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/') || path === '/identity' || path.startsWith('/identity/')) return false;
  return (accept ?? '').includes('text/html');
}
