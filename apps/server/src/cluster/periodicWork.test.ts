import { describe, expect, it, vi } from 'vitest';
import { PeriodicWork } from './periodicWork.ts';

/** A round that waits until the test lets it finish. */
function heldRounds() {
  const releases: Array<() => void> = [];
  const round = () =>
    new Promise<void>((resolve) => {
      releases.push(resolve);
    });
  return { round, releases };
}

describe('periodic work, one round at a time', () => {
  it('runs a round asked for after the one under way, never alongside it', async () => {
    const { round, releases } = heldRounds();
    const work = new PeriodicWork(60_000, round, () => {});
    const first = work.run();
    const second = work.run();
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    releases[0]?.();
    await first;
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]?.();
    await second;
  });

  it('hands a failed round to its caller, and the next round runs all the same', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const work = new PeriodicWork(
      60_000,
      async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('the database is busy');
      },
      (error) => errors.push(error),
    );
    const failed = work.run();
    const next = work.run();
    await expect(failed).rejects.toThrow('the database is busy');
    await expect(next).resolves.toBeUndefined();
    expect([rounds, errors]).toEqual([2, []]);
  });

  it('skips timer rounds while one is under way, and stopping waits for the round', async () => {
    vi.useFakeTimers();
    try {
      const { round, releases } = heldRounds();
      const errors: unknown[] = [];
      const work = new PeriodicWork(1_000, round, (error) => errors.push(error));
      work.start();
      await vi.advanceTimersByTimeAsync(3_500);
      expect(releases).toHaveLength(1);
      let stopped = false;
      const stopping = work.stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      releases[0]?.();
      await stopping;
      await vi.advanceTimersByTimeAsync(3_000);
      expect([releases.length, errors]).toEqual([1, []]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a failed timer round to its error handler', async () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const work = new PeriodicWork(
        1_000,
        async () => {
          throw new Error('a second was lost');
        },
        (error) => errors.push(error),
      );
      work.start();
      await vi.advanceTimersByTimeAsync(1_000);
      await work.stop();
      expect(errors.map((error) => (error as Error).message)).toEqual(['a second was lost']);
    } finally {
      vi.useRealTimers();
    }
  });
});
