/** The first-administrator page: plain HTML and a form, so it works before anything else is set up. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1.5rem; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 0 auto; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .25rem; font: inherit; }
button { margin-top: 1.5rem; padding: .7rem 1.2rem; font: inherit; font-weight: 600; }
.error { border: 2px solid #b3261e; padding: .75rem; border-radius: .5rem; }
.hint { font-size: .9rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} · Northwind console</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
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
    `<p>It has been used already, it is more than an hour old, or an administrator exists. A new link is written to the server log at each start while no administrator exists; an operator can also run <code>npm run admin -- grant EMAIL admin</code>.</p>
<p><a href="/login">Log in</a></p>`,
  );
}

/** Too many posts from one address: when to come back, and the other way in. */
export function setupLimitedPage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return page(
    'Too many attempts',
    `<p role="alert">This page was sent too many times from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>
<p>An operator can also create the administrator with <code>npm run admin -- grant EMAIL admin</code>.</p>`,
  );
}
