import type { BpmDurationFigures } from '@qiming/shared';

/** Months from..to inclusive, as YYYY-MM. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = to.split('-').map(Number) as [number, number];
  while ((year < endYear || (year === endYear && month <= endMonth)) && months.length < 240) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The month `back` months before the given one (YYYY-MM). */
export function monthBefore(month: string, back: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface MonthSeries {
  months: string[];
  started: number[];
  ended: number[];
  /** Hours, null where nothing ended. */
  avgHours: Array<number | null>;
  p90Hours: Array<number | null>;
}

const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 100) / 100);

/**
 * Rows of one or more definitions folded into one series per month: counts add up; durations are the
 * ended-weighted average, and the largest p90 (a p90 of several sets cannot be recombined exactly).
 */
export function seriesByMonth(rows: readonly BpmDurationFigures[], months: readonly string[]): MonthSeries {
  const series: MonthSeries = { months: [...months], started: [], ended: [], avgHours: [], p90Hours: [] };
  for (const month of months) {
    const inMonth = rows.filter((row) => row.month === month);
    const ended = inMonth.reduce((sum, row) => sum + row.ended, 0);
    const weighted = inMonth.reduce((sum, row) => sum + (row.avgMs ?? 0) * row.ended, 0);
    const p90s = inMonth.map((row) => row.p90Ms).filter((value): value is number => value !== null);
    series.started.push(inMonth.reduce((sum, row) => sum + row.started, 0));
    series.ended.push(ended);
    series.avgHours.push(ended > 0 ? hours(weighted / ended) : null);
    series.p90Hours.push(p90s.length > 0 ? hours(Math.max(...p90s)) : null);
  }
  return series;
}

/** A duration in the unit that reads best: seconds, minutes, hours or days. */
export function durationParts(ms: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; n: number } {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (ms < 60_000) return { unit: 'seconds', n: round(ms / 1000) };
  if (ms < 3_600_000) return { unit: 'minutes', n: round(ms / 60_000) };
  if (ms < 86_400_000) return { unit: 'hours', n: round(ms / 3_600_000) };
  return { unit: 'days', n: round(ms / 86_400_000) };
}
