import { datedPrefixes, type SerialType } from '@qiming/shared';

/** The period a dated counter runs in, as its prefix shows it (2026, 202611, 20261122); none for a plain sequence. */
export function periodOf(type: SerialType, at: Date): string {
  if (type === 'sequence') return '';
  const digits = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  return digits.slice(0, datedPrefixes[type].length);
}

/** A number as handed out: the prefix (the period, for a dated rule), the counter zero-padded, the suffix. */
export function formatSerial(
  rule: { idType: SerialType; isPrefix: boolean; idPrefix: string; isSuffix: boolean; idSuffix: string; idLength: number },
  period: string,
  value: number,
): string {
  const prefix = rule.isPrefix ? (rule.idType === 'sequence' ? rule.idPrefix : period) : '';
  const suffix = rule.isSuffix ? rule.idSuffix : '';
  return `${prefix}${String(value).padStart(rule.idLength, '0')}${suffix}`;
}
