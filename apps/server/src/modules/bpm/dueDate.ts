import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addWorkingDays, isoDate } from '../platform/workCalendar/workCalendar.ts';

const dayMs = 86_400_000;
/** About ten years of working days, and ten years of clock time. */
const maxWorkingDays = 3660;
const maxClockMs = 3660 * dayMs;
const durationPattern = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/**
 * When a task created at `now` is due for `camunda:dueDate`: days and weeks (5 days each) count working
 * days of the organ's work calendar, hours and minutes count clock time after that. Null when the text is
 * no such duration (years and months have no fixed number of working days).
 */
export async function dueAt(db: Kysely<Database>, organId: number | null, now: number, duration: string): Promise<number | null> {
  const match = durationPattern.exec(duration.trim());
  if (!match) return null;
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  const workingDays = (weeks ?? 0) * 5 + (days ?? 0);
  const clockMs = ((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000;
  // The text may come from a starter's variables: the calendar is walked day by day, so a far date is no due date.
  if (workingDays > maxWorkingDays || !(clockMs <= maxClockMs)) return null;
  let due = now;
  if (workingDays > 0) {
    const date = await addWorkingDays(db, organId ?? 0, isoDate(new Date(now)), workingDays);
    due = Date.parse(`${date}T00:00:00Z`) + (now % dayMs);
  }
  return due + clockMs;
}
