import { describe, expect, it, vi } from 'vitest';
import { askEarly, hasEarly, takeArrived, takeEarly } from './early-answers';

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

  it('hands over an answer that has arrived at once, for a first render, and only then', async () => {
    let arrive: (value: string) => void = () => undefined;
    askEarly('account', () => new Promise<string>((resolve) => (arrive = resolve)));
    expect(takeArrived('account')).toBeUndefined();
    expect(hasEarly('account')).toBe(true);
    arrive('ada@example.com');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeArrived('account')).toEqual({ value: 'ada@example.com' });
    expect(takeArrived('account')).toBeUndefined();
    expect(takeEarly('account')).toBeUndefined();
  });

  it('never hands over a failure as arrived', async () => {
    askEarly('failed', () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeArrived('failed')).toBeUndefined();
    await expect(takeEarly('failed')).rejects.toThrow('offline');
  });
});
