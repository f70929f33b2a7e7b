import { describe, expect, it } from 'vitest';
import { parseSse } from '../../../../lib/live/backoff';
import { isInsightsNotice } from './insights-live';

const noticesOf = (stream: string) => parseSse(stream).messages.map(isInsightsNotice);

describe('isInsightsNotice', () => {
  it('is true for a change of the insights topic and for a reset', () => {
    const change = JSON.stringify({ topic: 'insights', version: 7, kind: 'changed', key: 'now', data: null });
    expect(noticesOf(`event: change\ndata: ${change}\n\nevent: reset\ndata: {}\n\n`)).toEqual([true, true]);
  });

  it('is false for another topic, a keep-alive, another event or data that is not JSON', () => {
    const inbox = JSON.stringify({ topic: 'inbox', version: 1, kind: 'add', key: 'm1', data: null });
    expect(
      noticesOf(`event: change\ndata: ${inbox}\n\n: keep-alive\n\nevent: ready\ndata: {}\n\nevent: change\ndata: {not json\n\n`),
    ).toEqual([false, false, false]);
  });
});
