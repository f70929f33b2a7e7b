import { describe, expect, it } from 'vitest';
import { parseInboxBlock } from './inbox-live';

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

describe('parseInboxBlock', () => {
  it('reads a change of the inbox topic', () => {
    const block = `id: inbox=3\nevent: change\ndata: ${JSON.stringify({ topic: 'inbox', version: 3, kind: 'add', key: 'm1', data: message })}`;
    expect(parseInboxBlock(block)).toEqual({ kind: 'add', message });
  });
  it('asks for a refetch on reset and ignores comments, other topics and broken data', () => {
    expect(parseInboxBlock('event: reset\ndata: {"topic":"inbox","version":1}')).toEqual({ kind: 'reset' });
    expect(parseInboxBlock(': keep-alive')).toBeNull();
    expect(parseInboxBlock('event: change\ndata: {"topic":"movies","kind":"add","data":{}}')).toBeNull();
    expect(parseInboxBlock('event: change\ndata: {broken')).toBeNull();
  });
});
