import { describe, expect, it } from 'vitest';
import { tabPageAt } from './tab-pages';

describe('tabPageAt', () => {
  it('names the tab page an address shows', () => {
    expect(tabPageAt('/app/tabs/home')).toBe('home');
    expect(tabPageAt('/app/tabs/schedule')).toBe('schedule');
    expect(tabPageAt('/app/tabs/schedule/wifi-clinic')).toBe('activity');
    expect(tabPageAt('/app/tabs/minesweeper/')).toBe('minesweeper');
  });

  it('names none elsewhere', () => {
    for (const path of [
      '/app/tabs',
      '/app',
      '/home',
      '/app/tabs/home/x',
      '/app/tabs/other',
      '/login',
      `/app/tabs/home${'/'.repeat(300)}`,
    ]) {
      expect(tabPageAt(path)).toBeNull();
    }
  });
});
