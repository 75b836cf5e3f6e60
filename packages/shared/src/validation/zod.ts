import { z } from 'zod';
import type { FieldRule } from './rules.ts';
import { firstBrokenRule } from './rules.ts';

/**
 * A text field checked by shared field rules; an absent value counts as empty text, so a required
 * field answers its own message. The issue's message is the rule's message key, so the server can
 * answer in the caller's language.
 */
export function ruledString(rules: readonly FieldRule[]) {
  return z.preprocess(
    (value) => value ?? '',
    z.string().superRefine((value, context) => {
      const broken = firstBrokenRule(rules, value);
      if (broken) context.addIssue({ code: 'custom', message: broken.message, params: broken.params });
    }),
  );
}

/** A number checked by text rules: form bodies carry numbers as text, JSON bodies as numbers; both pass the same rules. */
export function ruledNumber(rules: readonly FieldRule[]) {
  return z.preprocess((value) => (typeof value === 'number' ? String(value) : value), ruledString(rules)).transform(Number);
}

/** A yes/no field: form bodies carry `true`/`1` as text, JSON bodies booleans; `absent`, when given, stands in for no value. */
export function formFlag(absent?: boolean) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value === 'true' || value === '1' : absent === undefined ? value : (value ?? absent)),
    z.boolean(),
  );
}

/** A record's id as a request names it: a positive whole number that PostgreSQL's `integer` columns can hold. */
export const recordId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/**
 * A list from a JSON body, or from a form body, where one item arrives as a plain value and none as
 * nothing (or empty text); `list` says what the items are and how many may come.
 */
export function formList<T extends z.ZodTypeAny>(list: T) {
  return z.preprocess((value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]), list);
}
