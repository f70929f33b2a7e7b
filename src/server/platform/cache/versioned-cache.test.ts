import { describe, expect, it } from 'vitest';
import { ContentVersions } from './content-version';
import { VersionedCache } from './versioned-cache';

describe('VersionedCache.peek', () => {
  it('answers only once the build has finished, and not after a change of its topics', async () => {
    const versions = new ContentVersions();
    const cache = new VersionedCache(versions);
    let finish: (value: string) => void = () => undefined;
    const building = cache.get('k', ['services'], () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek('k')).toBeUndefined();
    finish('built');
    await building;
    expect(cache.peek('k')).toBe('built');
    versions.bump('core-values');
    expect(cache.peek('k')).toBe('built');
    versions.bump('services');
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.peek('unknown')).toBeUndefined();
  });

  it('never answers with a failed build, nor with one past the age limit', async () => {
    const versions = new ContentVersions();
    const failing = new VersionedCache(versions);
    await expect(failing.get('k', ['movies'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(failing.peek('k')).toBeUndefined();

    const aged = new VersionedCache(versions, 10, 0);
    await aged.get('k', ['movies'], async () => 'old');
    expect(aged.peek('k')).toBeUndefined();
  });
});
