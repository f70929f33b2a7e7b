/** The first-administrator page: plain HTML and a form, so it works before anything else is set up. */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THEME_INIT_SCRIPT } from '../../common/theme';

/**
 * The product's own design tokens (light, and dark under .ion-palette-dark), the very file the
 * site and the app use, so the page looks like the product without a copy of its colours. Read
 * from disk rather than imported with Vite's `?raw`: the server also runs from source under tsx
 * (`npm run dev`, the start-up tests), which knows no such import. The build copies the file
 * beside the server bundle (scripts/build.mjs).
 */
function readTokens(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'tokens.css'), join(here, '..', 'tokens.css'), join(here, '..', '..', 'common', 'theme', 'tokens.css')];
  for (const candidate of candidates) {
    try {
      return readFileSync(candidate, 'utf8');
    } catch {
      // not this one
    }
  }
  throw new Error(`tokens.css was not found beside the server (looked in ${candidates.join(', ')})`);
}

const TOKENS = readTokens();

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The dark tokens, for visitors without JavaScript: their system's preference decides. */
const DARK_TOKENS = /:root\.ion-palette-dark\s*\{([^}]*)\}/.exec(TOKENS)?.[1] ?? '';

const STYLE = `${TOKENS}
:root { color-scheme: light dark; }
:root.ion-palette-dark { color-scheme: dark; }
body { margin: 0; padding: 2.5rem 1rem; background: var(--nw-bg-soft); color: var(--nw-text); font-family: var(--nw-font); line-height: 1.5; }
main { max-width: 30rem; margin: 0 auto; padding: 1.75rem 1.5rem; background: var(--nw-surface); border: 1px solid var(--nw-border); border-radius: var(--nw-radius); box-shadow: var(--nw-shadow); }
.brand { display: flex; align-items: center; gap: .5rem; margin: 0 0 1rem; font-weight: 700; color: var(--nw-brand); }
h1 { margin: 0 0 .75rem; font-size: 1.5rem; line-height: 1.25; }
p { color: var(--nw-text-muted); }
strong, code { color: var(--nw-text); }
a { color: var(--nw-brand); font-weight: 600; }
a:hover { color: var(--nw-brand-strong); }
label { display: block; margin-top: 1rem; font-weight: 600; color: var(--nw-text); }
input { display: block; width: 100%; box-sizing: border-box; padding: .65rem .75rem; margin-top: .3rem; font: inherit; color: var(--nw-text); background: var(--nw-bg); border: 1px solid var(--nw-border); border-radius: 10px; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--nw-focus); outline-offset: 2px; }
button { margin-top: 1.5rem; padding: .75rem 1.3rem; font: inherit; font-weight: 600; color: var(--nw-brand-contrast); background: var(--nw-brand); border: 0; border-radius: 999px; cursor: pointer; }
button:hover { background: var(--nw-brand-strong); }
.error { border: 2px solid #d93025; padding: .75rem; border-radius: 10px; color: var(--nw-text); }
.hint { font-size: .9rem; margin: .35rem 0 0; }
`;

function page(title: string, body: string): string {
  // The theme script (allowed by its hash in the CSP) applies the visitor's stored choice; without
  // JavaScript the noscript rule follows the system's light or dark preference.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} · Northwind console</title>
<script>${THEME_INIT_SCRIPT}</script><style>${STYLE}</style>
<noscript><style>@media (prefers-color-scheme: dark) { :root {${DARK_TOKENS}} }</style></noscript></head>
<body><main><p class="brand">Northwind · staff console</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export interface SetupFormState {
  token: string;
  email?: string;
  displayName?: string;
  error?: string;
}

export function setupFormPage(state: SetupFormState): string {
  const error = state.error ? `<p class="error" role="alert" id="setup-error">${escapeHtml(state.error)}</p>` : '';
  const described = state.error ? ' aria-describedby="setup-error"' : '';
  return page(
    'Create the administrator account',
    `<p>This site has no administrator yet. The account you create here can manage users, roles, content and settings.</p>${error}
<form method="post" action="/admin/setup">
<input type="hidden" name="token" value="${escapeHtml(state.token)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(state.email ?? '')}"${described}>
<label for="displayName">Name (optional)</label><input id="displayName" name="displayName" type="text" autocomplete="name" maxlength="100" value="${escapeHtml(state.displayName ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<p class="hint" id="password-hint">At least 8 characters.</p>
<button type="submit">Create administrator</button>
</form>`,
  );
}

export function setupDonePage(email: string): string {
  return page(
    'Administrator created',
    `<p role="status">The administrator account <strong>${escapeHtml(email)}</strong> is ready. This link cannot be used again.</p>
<p><a href="/login?next=%2Fadmin">Log in to the console</a></p>`,
  );
}

export function setupUnavailablePage(): string {
  return page(
    'This setup link cannot be used',
    `<p>It has been used already, it is more than an hour old, or an administrator exists. A new link is written to the server log at each start while no administrator exists; an operator can also run <code>npm run admin -- grant EMAIL admin</code> for an account whose email address is verified.</p>
<p><a href="/login">Log in</a></p>`,
  );
}

/** Too many posts from one address: when to come back, and the other way in. */
export function setupLimitedPage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return page(
    'Too many attempts',
    `<p role="alert">This page was sent too many times from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>
<p>An operator can also make an account whose email address is verified the administrator with <code>npm run admin -- grant EMAIL admin</code>.</p>`,
  );
}
