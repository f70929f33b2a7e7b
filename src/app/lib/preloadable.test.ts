import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './preloadable';

describe('loadOnce', () => {
  it('loads once, however many ask, and keeps the value', async () => {
    const load = vi.fn(() => Promise.resolve('panel'));
    const { preload, loaded } = loadOnce(load);
    expect(loaded()).toBeNull();
    await Promise.all([preload(), preload()]);
    await preload();
    expect(load).toHaveBeenCalledOnce();
    expect(loaded()).toBe('panel');
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('panel');
    const { preload, loaded } = loadOnce(load);
    await expect(preload()).rejects.toThrow('offline');
    expect(loaded()).toBeNull();
    await expect(preload()).resolves.toBe('panel');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
