import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../src/cluster/memoryCluster.ts';
import { LeasedCounts } from '../src/modules/governance/gateway/leasedCounts.ts';

describe('flow counts taken from the shared window in blocks', () => {
  it('gives each request of a gateway its own number, a block of 1 % of a high limit at a time', async () => {
    const shared = new MemoryCluster();
    const one = new LeasedCounts(shared);
    const other = new LeasedCounts(shared);
    const numbers = async (counts: LeasedCounts, times: number) => {
      const taken: number[] = [];
      for (let i = 0; i < times; i += 1) taken.push((await counts.count('rule', 60_000, 1000)).count);
      return taken;
    };
    expect(await numbers(one, 3)).toEqual([1, 2, 3]);
    // The other gateway's block starts after the first one's ten.
    expect(await numbers(other, 2)).toEqual([11, 12]);
    expect(await numbers(one, 8)).toEqual([4, 5, 6, 7, 8, 9, 10, 21]);
    expect((await shared.countInWindow('rule', 60_000, 0)).count).toBe(30);
  });

  it('counts one by one, exactly, under a small limit, and hands out no number twice to parallel requests', async () => {
    const shared = new MemoryCluster();
    const counts = new LeasedCounts(shared);
    const parallel = await Promise.all(Array.from({ length: 50 }, () => counts.count('small', 60_000, 150)));
    expect(parallel.map((taken) => taken.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
    expect((await shared.countInWindow('small', 60_000, 0)).count).toBe(50);
    const large = await Promise.all(Array.from({ length: 50 }, () => counts.count('large', 60_000, 10_000)));
    expect(new Set(large.map((taken) => taken.count)).size).toBe(50);
    // Parallel requests waited for one block of 100 rather than each fetching their own.
    expect((await shared.countInWindow('large', 60_000, 0)).count).toBe(100);
  });
});
