import { describe, expect, it } from 'vitest';
import { isSubresourceUrl, subresourceHeaders } from './document-headers';

describe('isSubresourceUrl', () => {
  it('is true for the build’s scripts, styles, fonts and pictures', () => {
    for (const url of [
      '/assets/app-start-wMiyiOKb.js',
      '/assets/tokens-BZNoMxfC.css',
      '/assets/app-start-wMiyiOKb.js.map',
      '/assets/inter-latin.woff2',
      '/assets/hero-640.webp',
      '/assets/photo.JPG',
      '/assets/app-start-wMiyiOKb.js?v=2',
    ])
      expect(isSubresourceUrl(url), url).toBe(true);
  });

  it('is false for documents and for anything that can be one', () => {
    for (const url of [
      '/',
      '/app/tabs/home',
      '/api/config',
      '/sw.js',
      '/manifest.webmanifest',
      '/favicon.svg',
      '/assets/logo.svg',
      '/assets/page.html',
      '/assets/',
      '/assets/no-extension',
      '/assets/odd.js/more',
      '/assetsx/app.js',
      '/icons/icon-192.png',
    ])
      expect(isSubresourceUrl(url), url).toBe(false);
  });

  it('treats an over-long address as a document', () => {
    expect(isSubresourceUrl(`/assets/${'a'.repeat(600)}.js`)).toBe(false);
  });
});

describe('subresourceHeaders', () => {
  it('keeps nosniff, CORP and the referrer policy, and nothing else', () => {
    expect(
      subresourceHeaders({
        'content-security-policy': "default-src 'self'",
        'permissions-policy': 'camera=()',
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      }),
    ).toEqual({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer' });
  });
});
