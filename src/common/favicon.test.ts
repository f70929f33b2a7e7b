import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAVICON_DATA_URL } from './favicon';

describe('the icon written into pages', () => {
  it('is public/favicon.svg', () => {
    const svg = readFileSync('public/favicon.svg', 'utf8').trim().replaceAll('"', "'");
    expect(decodeURIComponent(FAVICON_DATA_URL.slice('data:image/svg+xml,'.length))).toBe(svg);
  });

  it('is the one the app shell names, which asks for no file', () => {
    const shell = readFileSync('index.html', 'utf8');
    const icon = /<link\s+rel="icon"\s+href="([^"]{1,1000})"/.exec(shell);
    expect(icon?.[1]).toBe(FAVICON_DATA_URL);
    expect(shell).not.toContain('/favicon.svg');
  });
});
