import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from './stopOnSignals.ts';

/** A process stand-in: signals are events, and `exit` records its code instead of ending the test run. */
function fakeProcess() {
  const target = Object.assign(new EventEmitter(), { exits: [] as number[], exit: (code: number) => void target.exits.push(code) });
  return target;
}
const log = { info: () => {}, error: () => {} };

describe('stopping on a signal', () => {
  it('closes gracefully, then exits with 128 + the signal number', async () => {
    const target = fakeProcess();
    let closed = false;
    stopOnSignals({
      log,
      timeoutMs: 10_000,
      target,
      close: async () => {
        closed = true;
      },
    });
    target.emit('SIGTERM');
    await vi.waitFor(() => expect(target.exits).toEqual([143]));
    expect(closed).toBe(true);
  });

  it('exits regardless once a hanging close outlasts the timeout', () => {
    vi.useFakeTimers();
    try {
      const target = fakeProcess();
      stopOnSignals({ log, timeoutMs: 5_000, target, close: () => new Promise(() => {}) });
      target.emit('SIGINT');
      vi.advanceTimersByTime(4_999);
      expect(target.exits).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(target.exits).toEqual([130]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('exits at once on a second signal while the first close still hangs', () => {
    const target = fakeProcess();
    stopOnSignals({ log, timeoutMs: 60_000, target, close: () => new Promise(() => {}) });
    target.emit('SIGTERM');
    expect(target.exits).toEqual([]);
    target.emit('SIGTERM');
    expect(target.exits).toEqual([143]);
  });

  it('still exits when closing fails', async () => {
    const target = fakeProcess();
    stopOnSignals({ log, timeoutMs: 10_000, target, close: () => Promise.reject(new Error('database gone')) });
    target.emit('SIGINT');
    await vi.waitFor(() => expect(target.exits).toEqual([130]));
  });
});
