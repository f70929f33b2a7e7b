import { describe, expect, it } from 'vitest';
import { AVATAR_TONES, averageRating, avatarTone, initials, yearsSince } from './people';

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Maya Chen')).toBe('MC');
    expect(initials('Mei Lin Zhou')).toBe('MZ');
    expect(initials('  aiko ')).toBe('A');
    expect(initials('')).toBe('?');
    expect(initials('Élodie Ünal')).toBe('ÉÜ');
  });
});

describe('avatarTone', () => {
  it('is stable and within range', () => {
    expect(avatarTone('maya-chen')).toBe(avatarTone('maya-chen'));
    for (const id of ['a', 'omar-haddad', 'grace-adeyemi', 'x'.repeat(200)]) {
      expect(avatarTone(id)).toBeGreaterThanOrEqual(0);
      expect(avatarTone(id)).toBeLessThan(AVATAR_TONES);
    }
  });
});

describe('yearsSince', () => {
  it('counts whole calendar years and never goes negative', () => {
    expect(yearsSince(2011, new Date('2026-06-01T00:00:00Z'))).toBe(15);
    expect(yearsSince(2030, new Date('2026-06-01T00:00:00Z'))).toBe(0);
  });
});

describe('averageRating', () => {
  it('rounds to one decimal', () => {
    expect(averageRating([5, 5, 4])).toBe(4.7);
    expect(averageRating([])).toBeNull();
  });
});
