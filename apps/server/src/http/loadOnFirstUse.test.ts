import { describe, expect, it } from 'vitest';
import { loadOnFirstUse } from './loadOnFirstUse.ts';

describe('loadOnFirstUse', () => {
  it('loads once, on the first use, however many callers ask at the same time', async () => {
    let loads = 0;
    const library = loadOnFirstUse(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([library(), library()]);
    expect(await library()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed instead of failing for ever', async () => {
    let attempts = 0;
    const library = loadOnFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('EIO: the disk failed');
      return 'loaded';
    });
    await expect(library()).rejects.toThrow('EIO');
    expect(await library()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});
