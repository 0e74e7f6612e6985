import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent and repeated gets until it expires', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(5_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(4_999);
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('forgets failures at once and stays within its size', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z'); // evicts the oldest, x
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded');
  });

  it('loads every key again after clear, however fresh its entry', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    await cache.get('a', async () => 'old');
    expect(await cache.get('a', async () => 'unused')).toBe('old');
    cache.clear();
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });
});
