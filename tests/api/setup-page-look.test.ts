import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '../../src/common/theme';
import { THEME_SCRIPT_HASH } from '../../src/server/platform/plugins/security';
import { startTestServer, type TestServer } from '../support/test-server';

/** The first-administrator page looks like the product, light and dark, with and without JavaScript. */
describe('the first-administrator page’s look', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.destroy());

  it('uses the product’s tokens, follows the stored dark-mode choice with JavaScript and the system’s without, under the same CSP', async () => {
    const link = (await server.app.identity.issueSetupLink())!;
    const url = new URL(link);
    const response = await fetch(`${server.url}${url.pathname}${url.search}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    // The site's and app's design tokens, light and dark, and the page drawn with them.
    expect(html).toContain('--nw-bg: #ffffff');
    expect(html).toContain(':root.ion-palette-dark');
    expect(html).toMatch(/body \{[^}]*background: var\(--nw-bg-soft\)/);
    // With JavaScript: the theme script applies the stored choice (allowed by its hash, nothing inline else).
    expect(html).toContain(`<script>${THEME_INIT_SCRIPT}</script>`);
    expect(html.match(/<script/g)).toHaveLength(1);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(THEME_SCRIPT_HASH);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Without JavaScript: the system's preference picks the dark tokens.
    expect(html).toMatch(/<noscript><style>@media \(prefers-color-scheme: dark\) \{ :root \{[^}]*--nw-bg: #121417/);
  });
});
