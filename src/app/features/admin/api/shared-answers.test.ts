import { describe, expect, it } from 'vitest';
import { SHARED_MS, sharedAnswers } from './shared-answers';

describe('shared answers', () => {
  it('asks once for callers of the same moment and the same key', async () => {
    const asked: string[] = [];
    const answer = sharedAnswers(async (key) => {
      asked.push(key);
      return `${key}:${asked.length}`;
    });
    const [first, second] = await Promise.all([answer('a', 1000), answer('a', 1000 + SHARED_MS - 1)]);
    expect(first).toBe('a:1');
    expect(second).toBe('a:1');
    expect(asked).toEqual(['a']);
  });

  it('asks again later, or for another key', async () => {
    const asked: string[] = [];
    const answer = sharedAnswers(async (key) => {
      asked.push(key);
      return asked.length;
    });
    await answer('a', 1000);
    expect(await answer('a', 1000 + SHARED_MS)).toBe(2);
    expect(await answer('b', 1000 + SHARED_MS)).toBe(3);
    expect(asked).toEqual(['a', 'a', 'b']);
  });

  it('does not keep a failure for the next caller', async () => {
    let calls = 0;
    const answer = sharedAnswers(async () => {
      calls += 1;
      if (calls === 1) throw new Error('refused');
      return 'fine';
    });
    await expect(answer('a', 1000)).rejects.toThrow('refused');
    expect(await answer('a', 1001)).toBe('fine');
    expect(calls).toBe(2);
  });
});

describe('an answer that has arrived', () => {
  it('is there for a first render once it has come, while it is shared', async () => {
    let resolve!: (value: string) => void;
    const answer = sharedAnswers(() => new Promise<string>((done) => (resolve = done)));
    const asked = answer('a', 1000);
    expect(answer.arrived('a', 1000)).toBeUndefined();
    resolve('here');
    await asked;
    expect(answer.arrived('a', 1500)).toEqual({ value: 'here' });
    expect(answer.arrived('b', 1500)).toBeUndefined();
    expect(answer.arrived('a', 1000 + SHARED_MS)).toBeUndefined();
  });
});

describe('while the first screen is still starting', () => {
  it('shares the answer however long its parts take to mount, then asks again', async () => {
    let starting = true;
    let calls = 0;
    const answer = sharedAnswers(
      async () => (calls += 1),
      () => starting,
    );
    expect(await answer('a', 1000)).toBe(1);
    expect(await answer('a', 1000 + SHARED_MS * 5)).toBe(1);
    starting = false;
    expect(await answer('a', 1000 + SHARED_MS * 5)).toBe(2);
    expect(calls).toBe(2);
  });
});
