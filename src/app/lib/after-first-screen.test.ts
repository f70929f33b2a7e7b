import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());
  /** No requestIdleCallback here: the module waits a short timeout instead. */
  const afterAnIdleMoment = () => vi.advanceTimersByTime(100);

  it('holds work until the first screen is drawn, then runs each task once, at an idle moment after it', async () => {
    const { afterFirstScreen, firstScreenDrawn } = await import('./after-first-screen');
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('watch'));
    afterFirstScreen(() => ran.push('reconcile'));
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual([]);
    firstScreenDrawn();
    expect(ran).toEqual([]);
    afterAnIdleMoment();
    expect(ran).toEqual(['watch', 'reconcile']);
    firstScreenDrawn();
    afterAnIdleMoment();
    expect(ran).toEqual(['watch', 'reconcile']);
  });

  it('runs work asked for after the first screen on a later turn', async () => {
    const { afterFirstScreen, firstScreenDrawn } = await import('./after-first-screen');
    firstScreenDrawn();
    const task = vi.fn();
    afterFirstScreen(task);
    expect(task).not.toHaveBeenCalled();
    afterAnIdleMoment();
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits for a page that holds the signal until its data is drawn', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdFirstScreen } = await import('./after-first-screen');
    const task = vi.fn();
    afterFirstScreen(task);
    firstScreenDrawn();
    // The page's own effect runs in the same commit as the signal, before it is decided.
    const release = holdFirstScreen();
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
    release();
    afterAnIdleMoment();
    expect(task).toHaveBeenCalledOnce();
    release();
    afterAnIdleMoment();
    expect(task).toHaveBeenCalledOnce();
  });

  it('lets a hold that is never released end by itself', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdFirstScreen, HOLD_LIMIT_MS } = await import('./after-first-screen');
    const task = vi.fn();
    afterFirstScreen(task);
    holdFirstScreen();
    firstScreenDrawn();
    vi.advanceTimersByTime(HOLD_LIMIT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    // The limit ends the hold; the work starts at the idle moment after it.
    afterAnIdleMoment();
    expect(task).toHaveBeenCalledOnce();
  });

  describe('in a page whose first page mounts invisible', () => {
    let invisible = true;
    beforeEach(() => {
      invisible = true;
      vi.stubGlobal('document', { querySelector: (selector: string) => (invisible && selector === '.ion-page-invisible' ? {} : null) });
      vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    });
    afterEach(() => vi.unstubAllGlobals());

    it('starts the work only after Ionic has shown the page, two frames and an idle moment later', async () => {
      const { afterFirstScreen, firstScreenDrawn } = await import('./after-first-screen');
      const task = vi.fn();
      afterFirstScreen(task);
      firstScreenDrawn();
      vi.advanceTimersByTime(1000);
      expect(task).not.toHaveBeenCalled();
      invisible = false;
      vi.advanceTimersByTime(16 * 3);
      expect(task).not.toHaveBeenCalled();
      afterAnIdleMoment();
      expect(task).toHaveBeenCalledOnce();
    });

    it('does not wait for a page that is never shown beyond its limit', async () => {
      const { afterFirstScreen, firstScreenDrawn } = await import('./after-first-screen');
      const task = vi.fn();
      afterFirstScreen(task);
      firstScreenDrawn();
      vi.advanceTimersByTime(1900);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(200);
      afterAnIdleMoment();
      expect(task).toHaveBeenCalledOnce();
    });
  });
});
