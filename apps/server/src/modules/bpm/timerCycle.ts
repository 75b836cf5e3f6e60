import { Cron } from 'croner';

/**
 * Camunda's timer cycles are ISO 8601 (`R3/PT10H`) or Quartz cron (`0 0/5 * * * ?`, seconds first). croner
 * reads Quartz's fields ('?', '0/5' steps, 1-7 weekdays with alternativeWeekdays) by parsing them, so an
 * expression from a model is never turned into a regular expression. Times are UTC, as the scheduler's are.
 */
const cronOptions = { paused: true, sloppyRanges: true, alternativeWeekdays: true, timezone: 'UTC' } as const;

/** Cron has five to seven fields separated by spaces; an ISO cycle has none. */
export function isCron(text: string): boolean {
  return text.trim().split(/\s+/).length >= 5;
}

/** Why croner cannot read the expression, or null when it can and it fires at least once more. */
export function cronProblem(expression: string, now = Date.now()): string | null {
  try {
    return new Cron(expression.trim(), cronOptions).nextRun(new Date(now)) ? null : 'it never fires again';
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'unreadable';
  }
}

/** The first firing of a cron cycle strictly after `after` (ms since the epoch), or null when there is none. */
export function nextCronRun(expression: string, after: number): number | null {
  try {
    return new Cron(expression.trim(), cronOptions).nextRun(new Date(after))?.getTime() ?? null;
  } catch {
    return null;
  }
}

interface TimerBehaviour {
  type?: string;
  parse?: (timerType: string, value: string) => { expireAt?: Date; repeat?: number; delay?: number };
}

/**
 * bpmn-engine reads timer cycles as ISO 8601 only; this teaches an activity's timer event definitions
 * cron as well, so a timer start, intermediate or boundary event with a cron cycle waits for its next
 * firing (once: the next firing of a cycle is the timer start scheduler's job, see timerStarts.ts).
 */
export function readCronCycles(activity: object): void {
  for (const definition of ((activity as { eventDefinitions?: unknown }).eventDefinitions as TimerBehaviour[] | undefined) ?? []) {
    const parse = definition.parse;
    if (definition.type !== 'bpmn:TimerEventDefinition' || typeof parse !== 'function') continue;
    definition.parse = function cronAware(timerType, value) {
      if (timerType !== 'timeCycle' || !isCron(String(value))) return parse.call(this, timerType, value);
      const now = Date.now();
      const at = nextCronRun(String(value), now);
      // No further firing: the engine then reports that the cycle resolves to no date, an incident.
      return at === null ? {} : { expireAt: new Date(at), delay: at - now };
    };
  }
}
