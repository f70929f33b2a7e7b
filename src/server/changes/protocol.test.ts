import { describe, expect, it } from 'vitest';
import { formatCursor, MAX_REPLAY, parseCursor, parseTopics, planCatchUp, sseFrame } from './protocol';

describe('stream cursor', () => {
  it('round-trips versions per topic', () => {
    const cursor = formatCursor(
      new Map([
        ['movies', 12],
        ['stats', 0],
      ]),
    );
    expect(cursor).toBe('movies=12,stats=0');
    expect([...parseCursor(cursor)]).toEqual([
      ['movies', 12],
      ['stats', 0],
    ]);
  });

  it('ignores malformed parts and oversized input', () => {
    expect([...parseCursor('movies=1,Bad=2,stats=x,schedule=-1,inbox=3')]).toEqual([
      ['movies', 1],
      ['inbox', 3],
    ]);
    expect(parseCursor('movies=1,'.repeat(100)).size).toBe(0);
    expect(parseCursor(undefined).size).toBe(0);
  });
});

describe('topics', () => {
  it('accepts a short list of names and names the bad one', () => {
    expect(parseTopics('movies, schedule,movies')).toEqual({ ok: true, topics: ['movies', 'schedule'] });
    expect(parseTopics('movies,DROP TABLE')).toEqual({ ok: false, reason: '"DROP TABLE" is not a topic name' });
    expect(parseTopics('')).toMatchObject({ ok: false });
  });
});

describe('catch-up plan', () => {
  it('replays exactly what was missed while the log still has it', () => {
    expect(planCatchUp(5, 5, 1)).toEqual({ kind: 'none' });
    expect(planCatchUp(5, 9, 1)).toEqual({ kind: 'replay', after: 5 });
    expect(planCatchUp(5, 9, 6)).toEqual({ kind: 'replay', after: 5 });
  });

  it('asks for a full refetch when too much was missed, the log was trimmed, or the client is new', () => {
    expect(planCatchUp(5, 9, 7)).toEqual({ kind: 'reset' });
    expect(planCatchUp(0, MAX_REPLAY + 1, 1)).toEqual({ kind: 'reset' });
    expect(planCatchUp(undefined, 3, 1)).toEqual({ kind: 'reset' });
    // A version from the future (another database after a restore) is not trusted.
    expect(planCatchUp(12, 9, 1)).toEqual({ kind: 'reset' });
  });
});

it('frames an SSE message on one data line', () => {
  expect(sseFrame('change', { a: 'x\ny' }, 'movies=1')).toBe('id: movies=1\nevent: change\ndata: {"a":"x\\ny"}\n\n');
});
