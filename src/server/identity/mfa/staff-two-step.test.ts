import { describe, expect, it } from 'vitest';
import { twoStepMissing } from './staff-two-step';

describe('twoStepMissing', () => {
  it('keeps out only staff without a second factor, and only when the setting is on', () => {
    expect(twoStepMissing(true, false)).toBe(true);
    expect(twoStepMissing(true, true)).toBe(false);
    expect(twoStepMissing(false, false)).toBe(false);
  });
});
