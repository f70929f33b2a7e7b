import { describe, expect, it } from 'vitest';
import { fieldPath } from './field-path';

describe('fieldPath', () => {
  it('drops the request part and turns the pointer into a dotted path', () => {
    expect(fieldPath('/body/email')).toBe('email');
    expect(fieldPath('body/email')).toBe('email');
    expect(fieldPath('/email')).toBe('email');
    expect(fieldPath('/items/0/name')).toBe('items.0.name');
    expect(fieldPath('/querystring')).toBe('');
    expect(fieldPath('')).toBe('');
  });
});
