import { describe, expect, it, vi } from 'vitest';
import { askEarly, hasEarly, takeEarly } from './early-answers';

describe('early answers', () => {
  it('asks once per key and hands the answer over once', async () => {
    const ask = vi.fn(() => Promise.resolve(['Alien']));
    askEarly('movies', ask);
    askEarly('movies', ask);
    expect(ask).toHaveBeenCalledOnce();
    expect(hasEarly('movies')).toBe(true);
    await expect(takeEarly('movies')).resolves.toEqual(['Alien']);
    expect(takeEarly('movies')).toBeUndefined();
    expect(hasEarly('movies')).toBe(false);
  });

  it('keeps a failure for whoever takes the answer', async () => {
    askEarly('broken', () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarly('broken')).rejects.toThrow('offline');
  });

  it('has nothing for a key never asked for', () => {
    expect(takeEarly('schedule')).toBeUndefined();
  });
});
