import { describe, expect, it } from 'vitest';
import { parseSse } from '../../../../lib/live/backoff';
import { inboxEventOf } from './inbox-live';

const message = {
  id: 'm1',
  name: 'Ann',
  email: 'a@x.example',
  subject: null,
  message: 'Hi',
  date: '2026-01-01T00:00:00.000Z',
  status: 'new',
  spamReason: null,
};

const eventsOf = (stream: string) => parseSse(stream).messages.map(inboxEventOf);

describe('inboxEventOf', () => {
  it('reads a change of the inbox topic', () => {
    const change = JSON.stringify({ topic: 'inbox', version: 3, kind: 'add', key: 'm1', data: message });
    expect(eventsOf(`id: inbox=3\nevent: change\ndata: ${change}\n\n`)).toEqual([{ kind: 'add', message }]);
  });
  it('asks for a refetch on reset and ignores comments, other topics, other kinds and broken data', () => {
    const stream = [
      'event: reset\ndata: {"topic":"inbox","version":1}',
      ': keep-alive',
      'event: change\ndata: {"topic":"movies","kind":"add","data":{}}',
      `event: change\ndata: ${JSON.stringify({ topic: 'inbox', kind: 'delete', data: message })}`,
      'event: change\ndata: {broken',
      '',
    ].join('\n\n');
    expect(eventsOf(stream)).toEqual([{ kind: 'reset' }, null, null, null]);
  });
});
