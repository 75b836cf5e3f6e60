import { timeAgo } from '@qiming/shared';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** 'just now', 'N minutes ago', ... in the UI language; older times as a date. */
export function formatTimeAgo(t: TFunction, time: number | string | Date, now = Date.now()): string {
  const ago = timeAgo(time, now);
  switch (ago.kind) {
    case 'justNow':
      return t('timeAgo.justNow');
    case 'minutes':
      return t('timeAgo.minutes', { count: ago.count });
    case 'hours':
      return t('timeAgo.hours', { count: ago.count });
    case 'oneDay':
      return t('timeAgo.oneDay');
    case 'date':
      return dayjs(ago.date).format('YYYY-MM-DD HH:mm');
  }
}

export function formatDateTime(time: number): string {
  return dayjs(time).format('YYYY-MM-DD HH:mm:ss');
}
