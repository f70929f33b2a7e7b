import { describe, expect, it } from 'vitest';
import { heightAt, VARIANT_FILE, variantUrl, variantWidths } from './image-rules';

describe('image rules', () => {
  it('makes the standard widths up to the source width, never enlarging', () => {
    expect(variantWidths(4000)).toEqual([160, 320, 640, 960]);
    expect(variantWidths(700)).toEqual([160, 320, 640]);
    expect(variantWidths(320)).toEqual([160, 320]);
    expect(variantWidths(90)).toEqual([90]);
  });

  it('keeps the aspect ratio', () => {
    expect(heightAt(320, { width: 1600, height: 900 })).toBe(180);
    expect(heightAt(160, { width: 10, height: 30000 })).toBe(480000);
    expect(heightAt(160, { width: 30000, height: 10 })).toBe(1);
  });

  it('names variants by their hash', () => {
    const hash = 'a'.repeat(64);
    expect(variantUrl(hash)).toBe(`/images/${hash}.webp`);
    expect(VARIANT_FILE.exec(`${hash}.webp`)?.[1]).toBe(hash);
    expect(VARIANT_FILE.test(`${hash}.png`)).toBe(false);
    expect(VARIANT_FILE.test('../etc.webp')).toBe(false);
  });
});
