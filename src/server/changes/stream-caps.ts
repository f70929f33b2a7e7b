export { DEFAULT_STREAMS_PER_ACCOUNT, DEFAULT_STREAMS_PER_ADDRESS } from '../platform/config';

export type StreamPlace = { ok: true; release: () => void } | { ok: false; refusedBy: 'address' | 'account'; limit: number };

/**
 * How many live streams one client address and one signed-in account hold open on this instance.
 * A browser keeps one stream for all its tabs (decision 1001), so a few per account and a few
 * dozen per address (an office behind one NAT) is generous; what the caps stop is one client
 * holding thousands of sockets.
 *
 * Per instance on purpose, also with Redis: a stream is a socket of this process, and a count
 * kept elsewhere would outlive an instance that dies without closing its streams. Behind N
 * instances an address may hold N times the cap, which still bounds it.
 */
export class StreamCaps {
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();

  constructor(private readonly limits: { perAddress: number; perAccount: number }) {}

  /**
   * Takes a place for one stream, or says which cap refuses it. Synchronous, so two opens at the
   * same moment can never both take the last place.
   */
  take(address: string, account: string | null): StreamPlace {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress)
      return { ok: false, refusedBy: 'address', limit: this.limits.perAddress };
    if (account !== null && (this.byAccount.get(account) ?? 0) >= this.limits.perAccount)
      return { ok: false, refusedBy: 'account', limit: this.limits.perAccount };
    bump(this.byAddress, address, 1);
    if (account !== null) bump(this.byAccount, account, 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        bump(this.byAddress, address, -1);
        if (account !== null) bump(this.byAccount, account, -1);
      },
    };
  }

  /** Streams open for an address (for tests and metrics). */
  openFor(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }
}

/** Counts up or down; a count that reaches zero leaves the map, so it never grows with past clients. */
function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}
