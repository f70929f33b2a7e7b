import { describe, expect, it } from 'vitest';
import { parseSse } from '../../../../lib/live/backoff';
import { publishingChangeOf } from './publishing-live';

const changesOf = (stream: string) => parseSse(stream).messages.map(publishingChangeOf);
const change = (body: unknown) => `event: change\ndata: ${JSON.stringify(body)}\n\n`;

describe('publishingChangeOf', () => {
  it('reads a draft, a publish and a reset', () => {
    expect(
      changesOf(
        change({
          topic: 'publishing',
          version: 4,
          kind: 'draft',
          key: 'services/a',
          data: { collection: 'services', id: 'a', draftVersion: 3 },
        }) +
          change({
            topic: 'publishing',
            version: 5,
            kind: 'published',
            key: 'news/b',
            data: { collection: 'news', id: 'b', draftVersion: null },
          }) +
          'event: reset\ndata: {}\n\n',
      ),
    ).toEqual([
      { collection: 'services', id: 'a', kind: 'draft', draftVersion: 3 },
      { collection: 'news', id: 'b', kind: 'published', draftVersion: null },
      { collection: '', id: '', kind: 'reset', draftVersion: null },
    ]);
  });

  it('ignores other topics, unknown kinds, missing fields and data that is not JSON', () => {
    expect(
      changesOf(
        change({ topic: 'inbox', kind: 'add', data: { collection: 'services', id: 'a' } }) +
          change({ topic: 'publishing', kind: 'exploded', data: { collection: 'services', id: 'a' } }) +
          change({ topic: 'publishing', kind: 'draft', data: { id: 'a' } }) +
          'event: change\ndata: {oops\n\n',
      ),
    ).toEqual([null, null, null, null]);
  });
});
