import type { AlarmComparison } from '@qiming/shared';
import type { TFunction } from 'i18next';

/** Comparisons as signs: read the same in every language and short in a table cell. */
export const comparisonSigns: Record<AlarmComparison, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' };

/** 'p99 > 500', the figure in the UI language. */
export function conditionText(t: TFunction, condition: { metric: string; comparison: AlarmComparison; threshold: number }): string {
  return `${t(`monitor.metrics.${condition.metric}`)} ${comparisonSigns[condition.comparison]} ${condition.threshold}`;
}
