import { describe, expect, it } from 'vitest';
import { derivedSalt, memorySalts, secretSalts } from './salts';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('derivedSalt', () => {
  it('is the same for the same secret, day and nonce (every instance, every restart)', () => {
    expect(derivedSalt(SECRET, '2026-03-10', 'nonce-a')).toBe(derivedSalt(SECRET, '2026-03-10', 'nonce-a'));
    expect(derivedSalt(SECRET, '2026-03-10', 'nonce-a')).toMatch(/^[\w-]{43}$/);
  });
  it('changes with the secret, the day or the nonce, and is neither of them', () => {
    const salt = derivedSalt(SECRET, '2026-03-10', 'nonce-a');
    expect(derivedSalt(`${SECRET}!`, '2026-03-10', 'nonce-a')).not.toBe(salt);
    expect(derivedSalt(SECRET, '2026-03-11', 'nonce-a')).not.toBe(salt);
    expect(derivedSalt(SECRET, '2026-03-10', 'nonce-b')).not.toBe(salt);
    expect([SECRET, 'nonce-a']).not.toContain(salt);
  });
});

describe('day salt sources', () => {
  it('derives from the secret and the nonce of the day', async () => {
    const asked: string[] = [];
    const salts = secretSalts(SECRET, async (day) => (asked.push(day), `nonce-of-${day}`));
    expect(await salts.of('2026-03-10')).toBe(derivedSalt(SECRET, '2026-03-10', 'nonce-of-2026-03-10'));
    expect(asked).toEqual(['2026-03-10']);
  });
  it('keeps one random salt per day in memory, and a new one for the next day', async () => {
    const salts = memorySalts();
    const first = await salts.of('2026-03-10');
    expect(await salts.of('2026-03-10')).toBe(first);
    expect(await salts.of('2026-03-11')).not.toBe(first);
    expect(await memorySalts().of('2026-03-10')).not.toBe(first);
  });
});
