import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  it('holds work until the first screen is drawn, then runs each task once, off the current turn', async () => {
    const { afterFirstScreen, firstScreenDrawn } = await import('./after-first-screen');
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('watch'));
    afterFirstScreen(() => ran.push('reconcile'));
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual([]);
    firstScreenDrawn();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['watch', 'reconcile']);
    firstScreenDrawn();
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['watch', 'reconcile']);
  });

  it('runs work asked for after the first screen on the next turn', async () => {
    const { afterFirstScreen, firstScreenDrawn } = await import('./after-first-screen');
    firstScreenDrawn();
    const task = vi.fn();
    afterFirstScreen(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledOnce();
  });
});
