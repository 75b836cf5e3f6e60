import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines } from './deadlines.ts';

describe('Deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const entry = (deadline: number, expired: string[], name: string) => ({ deadline, expire: () => expired.push(name) });

  it('expires each entry once, within a tick after its deadline, and never one deleted before', () => {
    const deadlines = new Deadlines(100);
    const expired: string[] = [];
    const early = entry(Date.now() + 250, expired, 'early');
    const late = entry(Date.now() + 1000, expired, 'late');
    const answered = entry(Date.now() + 250, expired, 'answered');
    for (const each of [early, late, answered]) deadlines.add(each);
    deadlines.delete(answered);

    vi.advanceTimersByTime(249);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['early']);
    vi.advanceTimersByTime(800);
    expect(expired).toEqual(['early', 'late']);
    vi.advanceTimersByTime(5000);
    expect(expired).toEqual(['early', 'late']);
  });

  it('keeps no timer while nothing is pending, and starts one again for a new entry', () => {
    const deadlines = new Deadlines(100);
    const expired: string[] = [];
    deadlines.add(entry(Date.now() + 50, expired, 'first'));
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['first']);
    expect(vi.getTimerCount()).toBe(0);

    deadlines.add(entry(Date.now() + 50, expired, 'second'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['first', 'second']);
    deadlines.stop();
  });
});
