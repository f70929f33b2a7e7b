import { describe, expect, it } from 'vitest';
import {
  isAppShellNavigation,
  isCacheableApiRead,
  isSitePageNavigation,
  isSkipWaitingMessage,
  type RequestFacts,
  sitePagesToKeepOnActivate,
} from './rules';

const ORIGIN = 'http://localhost:3000';
const request = (overrides: Partial<RequestFacts>): RequestFacts => ({
  method: 'GET',
  pathname: '/',
  origin: ORIGIN,
  selfOrigin: ORIGIN,
  mode: 'navigate',
  hasAuthorization: false,
  ...overrides,
});

describe('app shell navigations', () => {
  it.each(['/app', '/app/tabs/home', '/app/tabs/schedule', '/home', '/login', '/movie-example', '/video-example/2024', '/account/'])(
    '%s opens from the precached shell',
    (pathname) => expect(isAppShellNavigation(request({ pathname }))).toBe(true),
  );

  it.each(['/', '/landing', '/about', '/team', '/team/3', '/support', '/api/services', '/identity/v1/projects', '/nowhere'])(
    '%s is not the app shell',
    (pathname) => expect(isAppShellNavigation(request({ pathname }))).toBe(false),
  );

  it('only answers page loads, not scripts or data asking for the same path', () => {
    expect(isAppShellNavigation(request({ pathname: '/home', mode: 'cors' }))).toBe(false);
    expect(isAppShellNavigation(request({ pathname: '/home', method: 'POST' }))).toBe(false);
    expect(isAppShellNavigation(request({ pathname: '/home', origin: 'https://elsewhere.example' }))).toBe(false);
  });
});

describe('site page navigations', () => {
  it.each(['/', '/landing', '/about', '/team', '/team/abc', '/support'])('%s is network first with a cached copy', (pathname) =>
    expect(isSitePageNavigation(request({ pathname }))).toBe(true),
  );

  it.each(['/app/tabs/home', '/team/a/b', '/sitemap.xml', '/api/team-members'])('%s is not a site page', (pathname) =>
    expect(isSitePageNavigation(request({ pathname }))).toBe(false),
  );
});

describe('API reads kept for offline use', () => {
  const api = (overrides: Partial<RequestFacts>) => request({ mode: 'cors', ...overrides });

  it('caches public GET /api content', () => {
    expect(isCacheableApiRead(api({ pathname: '/api/services' }))).toBe(true);
    expect(isCacheableApiRead(api({ pathname: '/api/team-members/7' }))).toBe(true);
  });

  it('never caches a request carrying credentials', () => {
    expect(isCacheableApiRead(api({ pathname: '/api/movies', hasAuthorization: true }))).toBe(false);
  });

  it('never caches writes, the health check, the identity service or other origins', () => {
    expect(isCacheableApiRead(api({ pathname: '/api/support-messages', method: 'POST' }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/api/health' }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/api/health/' }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/api/changes' }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/api/movies', bypassCache: true }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/identity/v1/projects' }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/identity/v1/accounts:lookup', method: 'POST' }))).toBe(false);
    expect(isCacheableApiRead(api({ pathname: '/api/services', origin: 'https://elsewhere.example' }))).toBe(false);
  });
});

describe('messages from the page', () => {
  it('recognises the update toast asking the waiting worker to take over', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
    expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false);
  });
});

describe('pages copied when the worker activates', () => {
  it('keeps the landing page and the site pages open in windows, not app pages or other origins', () => {
    expect(
      sitePagesToKeepOnActivate(
        [`${ORIGIN}/team/4?ref=mail`, `${ORIGIN}/app/tabs/home`, `${ORIGIN}/`, 'https://elsewhere.example/about', `${ORIGIN}/support`],
        ORIGIN,
      ),
    ).toEqual(['/', '/team/4?ref=mail', '/support']);
  });

  it('keeps the landing page even with no window open', () => {
    expect(sitePagesToKeepOnActivate([], ORIGIN)).toEqual(['/']);
  });
});

describe('draft previews', () => {
  // A preview shows unpublished content behind a link: the worker must neither answer nor keep it.
  const preview = '/preview/team-members/maya-chen';
  it('are left to the network: no shell, no site-page copy, no API cache, not kept on activate', () => {
    expect(isAppShellNavigation(request({ pathname: preview }))).toBe(false);
    expect(isSitePageNavigation(request({ pathname: preview }))).toBe(false);
    expect(isCacheableApiRead(request({ pathname: preview, mode: 'cors' }))).toBe(false);
    expect(sitePagesToKeepOnActivate([`${ORIGIN}${preview}?token=x`], ORIGIN)).toEqual(['/']);
  });
});
