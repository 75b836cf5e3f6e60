export type TimeAgo =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'oneDay' }
  | { kind: 'date'; date: Date };

/** A 10-digit timestamp counts seconds (as servers often send), anything else milliseconds. */
export function toDate(time: number | string | Date): Date {
  if (time instanceof Date) return time;
  const digits = String(time);
  return new Date(/^\d{10}$/.test(digits) ? Number(digits) * 1000 : typeof time === 'string' && !/^\d+$/.test(time) ? time : Number(time));
}

/** How long ago `time` was: under 30 s 'just now', then minutes, hours, '1 day ago' below 48 h, else the date. */
export function timeAgo(time: number | string | Date, now: number = Date.now()): TimeAgo {
  const date = toDate(time);
  const seconds = (now - date.getTime()) / 1000;
  if (seconds < 30) return { kind: 'justNow' };
  if (seconds < 3600) return { kind: 'minutes', count: Math.ceil(seconds / 60) };
  if (seconds < 86400) return { kind: 'hours', count: Math.ceil(seconds / 3600) };
  if (seconds < 172800) return { kind: 'oneDay' };
  return { kind: 'date', date };
}
