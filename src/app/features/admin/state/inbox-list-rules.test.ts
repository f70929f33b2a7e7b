import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../../../common/inbox-schemas';
import { applyInboxChange, matchesInboxFilter } from './inbox-list-rules';

const make = (id: string, extra: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  name: 'Ann Lee',
  email: 'ann@example.com',
  subject: 'Printer',
  message: 'It jams.',
  date: '2026-01-01T00:00:00.000Z',
  status: 'new',
  assigneeId: null,
  assigneeEmail: null,
  spamReason: null,
  ...extra,
});
const all = { q: '', status: '' } as const;

describe('matchesInboxFilter', () => {
  it('follows the status filter and the search like the server', () => {
    expect(matchesInboxFilter(make('a'), { q: '', status: 'spam' })).toBe(false);
    expect(matchesInboxFilter(make('a'), { q: 'JAMS', status: '' })).toBe(true);
    expect(matchesInboxFilter(make('a'), { q: 'ann@ex', status: '' })).toBe(true);
    expect(matchesInboxFilter(make('a'), { q: 'nn@ex', status: '' })).toBe(false);
  });
});

describe('applyInboxChange', () => {
  it('puts a new message on top once', () => {
    const list = [make('old')];
    const next = applyInboxChange(list, 'add', make('new'), all);
    expect(next.map((m) => m.id)).toEqual(['new', 'old']);
    expect(applyInboxChange(next, 'add', make('new'), all).map((m) => m.id)).toEqual(['new', 'old']);
  });
  it('replaces a changed message in place, and drops it when it leaves the view', () => {
    const list = [make('a'), make('b')];
    expect(applyInboxChange(list, 'update', make('b', { status: 'open' }), all)[1]!.status).toBe('open');
    expect(applyInboxChange(list, 'update', make('a', { status: 'spam' }), { q: '', status: 'new' }).map((m) => m.id)).toEqual(['b']);
  });
  it('ignores a new message outside the filtered view', () => {
    expect(applyInboxChange([], 'add', make('s', { status: 'spam' }), { q: '', status: 'new' })).toEqual([]);
  });
});
