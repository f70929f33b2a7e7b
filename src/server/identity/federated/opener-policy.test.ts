import { describe, expect, it } from 'vitest';
import { openerPolicyFor } from './opener-policy';

describe('openerPolicyFor', () => {
  it('keeps the popup linked: pages allow their popups, the handler page opts out', () => {
    expect(openerPolicyFor('/login', 'text/html; charset=utf-8')).toBe('same-origin-allow-popups');
    expect(openerPolicyFor('/index.html', 'text/html')).toBe('same-origin-allow-popups');
    expect(openerPolicyFor('/auth/handler', 'text/html; charset=utf-8')).toBe('unsafe-none');
  });
  it('leaves everything else to the default', () => {
    expect(openerPolicyFor('/api/config', 'application/json')).toBeUndefined();
    expect(openerPolicyFor('/assets/app.js', undefined)).toBeUndefined();
  });
});
