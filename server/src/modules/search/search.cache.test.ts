import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchCache } from './search.cache.ts';

describe('SearchCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counting = () => {
    let calls = 0;
    return { lookup: async () => ++calls, calls: () => calls };
  };

  it('gives an answer again within its time to live, then asks again', async () => {
    const cache = new SearchCache({ ttlMs: 1000, maxEntries: 10 });
    const source = counting();
    expect(await cache.get('SMI', 'v1', source.lookup)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cache.get('SMI', 'v1', source.lookup)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('SMI', 'v1', source.lookup)).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it('asks again as soon as the stamp changes (a parcel import, a renamed county)', async () => {
    const cache = new SearchCache({ ttlMs: 60_000, maxEntries: 10 });
    const source = counting();
    await cache.get('SMI', 'v1', source.lookup);
    expect(await cache.get('SMI', 'v2', source.lookup)).toBe(2);
    expect(await cache.get('SMI', 'v2', source.lookup)).toBe(2);
  });

  it('shares one lookup between concurrent requests, and keeps no failure', async () => {
    const cache = new SearchCache({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database gone');
    };
    const both = [cache.get('A', 'v', failing), cache.get('A', 'v', failing)];
    for (const p of both) await expect(p).rejects.toThrow('database gone');
    expect(calls).toBe(1);
    expect(await cache.get('A', 'v', async () => 'found')).toBe('found');
  });

  it('drops the least recently used beyond maxEntries', async () => {
    const cache = new SearchCache({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('A', 'v', async () => 'a');
    await cache.get('B', 'v', async () => 'b');
    await cache.get('A', 'v', async () => 'a again'); // A used last
    await cache.get('C', 'v', async () => 'c'); // B goes
    expect(await cache.get('A', 'v', async () => 'a new')).toBe('a');
    expect(await cache.get('B', 'v', async () => 'b new')).toBe('b new');
  });

  it('keeps nothing with a time to live of 0', async () => {
    const cache = new SearchCache({ ttlMs: 0, maxEntries: 10 });
    const source = counting();
    await cache.get('A', 'v', source.lookup);
    expect(await cache.get('A', 'v', source.lookup)).toBe(2);
  });
});
