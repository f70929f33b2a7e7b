import { describe, expect, it } from 'vitest';
import { StreamCaps } from './stream-caps';

describe('StreamCaps', () => {
  it('lets an address hold its cap of streams, then refuses it until one closes', () => {
    const caps = new StreamCaps({ perAddress: 3, perAccount: 2 });
    const places = [caps.take('a', null), caps.take('a', null), caps.take('a', null)];
    expect(places.every((place) => place.ok)).toBe(true);
    expect(caps.take('a', null)).toEqual({ ok: false, refusedBy: 'address', limit: 3 });
    expect(caps.take('b', null).ok).toBe(true);
    if (places[0]!.ok) places[0]!.release();
    expect(caps.take('a', null).ok).toBe(true);
  });

  it('caps an account across addresses, and an address across accounts', () => {
    const caps = new StreamCaps({ perAddress: 3, perAccount: 2 });
    expect(caps.take('a', 'u').ok).toBe(true);
    expect(caps.take('b', 'u').ok).toBe(true);
    expect(caps.take('c', 'u')).toEqual({ ok: false, refusedBy: 'account', limit: 2 });
    // A refused open takes no place: address c is still empty.
    expect(caps.openFor('c')).toBe(0);
    expect(caps.take('a', 'v').ok).toBe(true);
    expect(caps.take('a', null).ok).toBe(true);
    expect(caps.take('a', 'w')).toEqual({ ok: false, refusedBy: 'address', limit: 3 });
  });

  it('gives a place back once however often it is released, and forgets empty counts', () => {
    const caps = new StreamCaps({ perAddress: 1, perAccount: 1 });
    const place = caps.take('a', 'u');
    expect(place.ok).toBe(true);
    if (!place.ok) return;
    place.release();
    place.release();
    expect(caps.openFor('a')).toBe(0);
    const again = caps.take('a', 'u');
    expect(again.ok).toBe(true);
    expect(caps.take('a', 'u').ok).toBe(false);
  });
});
