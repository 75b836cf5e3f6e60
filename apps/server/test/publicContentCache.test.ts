import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../src/cluster/memoryCluster.ts';
import { PublicContentCache } from '../src/modules/portal/publicContentCache.ts';

describe('the public website cache', () => {
  it('keeps the pages everyone reads while one visitor pages through every distinct address', async () => {
    const cache = await PublicContentCache.open(new MemoryCluster(), () => 0);
    const loads = new Map<string, number>();
    const read = (key: string) =>
      cache.read(key, async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return key;
      });
    await read('site');
    for (let page = 1; page <= 3000; page += 1) {
      await read(`news?page=${page}`);
      // Visitors keep reading the site settings meanwhile.
      if (page % 100 === 0) await read('site');
    }
    expect(loads.get('site')).toBe(1);
    // The oldest of the visitor's pages made room; the newest are still kept.
    await read('news?page=1');
    await read('news?page=3000');
    expect([loads.get('news?page=1'), loads.get('news?page=3000')]).toEqual([2, 1]);
  });
});
