import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** YYYY-MM-DD of a UTC date; calendar dates carry no time zone. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const parseDate = (text: string) => new Date(`${text}T00:00:00Z`);
const isWeekend = (text: string) => [0, 6].includes(parseDate(text).getUTCDay());

/**
 * An organ's working days: a date it marked is working or a holiday as marked; an unmarked date is a
 * working day. "Mark weekends" turns a month's Saturdays and Sundays into holidays in one step.
 */
export async function markedDays(db: Kysely<Database>, organId: number, from: string, to: string): Promise<Map<string, boolean>> {
  const rows = await db
    .selectFrom('pf_work_day')
    .select(['solar_date', 'is_working'])
    .where('organ_id', '=', organId)
    .where('solar_date', '>=', from)
    .where('solar_date', '<=', to)
    .execute();
  return new Map(rows.map((row) => [row.solar_date, row.is_working === 1]));
}

export function daysOfMonth(month: string): string[] {
  const first = parseDate(`${month}-01`);
  const days: string[] = [];
  for (const day = new Date(first); day.getUTCMonth() === first.getUTCMonth(); day.setUTCDate(day.getUTCDate() + 1))
    days.push(isoDate(day));
  return days;
}

export async function monthView(db: Kysely<Database>, organId: number, month: string) {
  const days = daysOfMonth(month);
  const marked = await markedDays(db, organId, days[0] as string, days.at(-1) as string);
  return days.map((solarDate) => ({ solarDate, isWorking: marked.get(solarDate) ?? true, marked: marked.has(solarDate) }));
}

export async function markDays(db: Kysely<Database>, organId: number, dates: string[], isWorking: boolean): Promise<void> {
  await db
    .insertInto('pf_work_day')
    .values(dates.map((solar_date) => ({ organ_id: organId, solar_date, is_working: isWorking ? 1 : 0 })))
    .onConflict((conflict) => conflict.columns(['organ_id', 'solar_date']).doUpdateSet({ is_working: isWorking ? 1 : 0 }))
    .execute();
}

export async function markWeekends(db: Kysely<Database>, organId: number, month: string): Promise<string[]> {
  const weekends = daysOfMonth(month).filter(isWeekend);
  await markDays(db, organId, weekends, false);
  return weekends;
}

export async function isWorkingDay(db: Kysely<Database>, organId: number, date: string): Promise<boolean> {
  return (await markedDays(db, organId, date, date)).get(date) ?? true;
}

/** The date `days` working days after `date` (before it when negative); `date` itself does not count. */
export async function addWorkingDays(db: Kysely<Database>, organId: number, date: string, days: number): Promise<string> {
  const step = days < 0 ? -1 : 1;
  const cursor = parseDate(date);
  // Read marks a year at a time rather than a query per day.
  let window = new Map<string, boolean>();
  let windowEnd = '';
  for (let left = Math.abs(days); left > 0; ) {
    cursor.setUTCDate(cursor.getUTCDate() + step);
    const day = isoDate(cursor);
    if (step > 0 ? day > windowEnd : day < windowEnd || windowEnd === '') {
      const edge = new Date(cursor);
      edge.setUTCDate(edge.getUTCDate() + step * 366);
      const [from, to] = step > 0 ? [day, isoDate(edge)] : [isoDate(edge), day];
      window = await markedDays(db, organId, from, to);
      windowEnd = step > 0 ? to : from;
    }
    if (window.get(day) ?? true) left--;
  }
  return isoDate(cursor);
}
