import type { FlowRule } from '@qiming/shared';

/** Sentinel's cold factor: a cold rule lets a third of its threshold through. */
export const coldFactor = 3;

/**
 * Warm-up thresholds in this process, one per counted key (rule and parameter value). After a quiet
 * spell a rule lets `count / 3` through per interval; while requests keep coming (no gap longer than
 * the interval) that rises evenly to `count` over `warmUpPeriodSec`, and a gap cools it by as much as
 * it lasted. So a service that was idle is not hit with its full threshold at once.
 */
export class WarmUps {
  private readonly levels = new Map<string, { level: number; at: number }>();

  threshold(key: string, rule: FlowRule, now: number): number {
    const kept = this.levels.get(key);
    let level = 0;
    if (kept) {
      const seconds = (now - kept.at) / 1000;
      const step = seconds / rule.warmUpPeriodSec;
      level = seconds > rule.intervalSec ? Math.max(0, kept.level - step) : Math.min(1, kept.level + step);
    } else if (this.levels.size >= 100_000) {
      // One key per client address must not pile up; the coldest are the cheapest to forget.
      this.levels.clear();
    }
    this.levels.set(key, { level, at: now });
    const cold = rule.count / coldFactor;
    return Math.max(1, Math.floor(cold + (rule.count - cold) * level));
  }
}
