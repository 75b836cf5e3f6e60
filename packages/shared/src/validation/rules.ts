import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import { isChineseId, patterns } from './patterns.ts';

/** One check of a field: when `test` fails, `message` (with `params`) explains why. */
export interface FieldRule {
  message: MessageKey;
  params?: MessageParams;
  /** Applies to empty values too; other rules skip an empty optional value. */
  required?: boolean;
  test(value: unknown): boolean;
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

function required(message: MessageKey = 'validation.required'): FieldRule {
  return { message, required: true, test: (value) => !isEmpty(value) };
}

function matches(pattern: RegExp, message: MessageKey): FieldRule {
  return { message, test: (value) => pattern.test(text(value)) };
}

function minLength(n: number): FieldRule {
  return { message: 'validation.minLength', params: { n }, test: (value) => [...text(value)].length >= n };
}

function maxLength(n: number): FieldRule {
  return { message: 'validation.maxLength', params: { n }, test: (value) => [...text(value)].length <= n };
}

/** Field rule sets of spec section 5, in the order their messages are shown. */
export const fieldRules = {
  mobile: [required('validation.mobileRequired'), matches(patterns.mobile, 'validation.mobile')],
  userName: [
    required('validation.userNameRequired'),
    { message: 'validation.notEmpty', required: true, test: (value) => text(value).trim() !== '' },
    matches(patterns.userNameChars, 'validation.userNameChars'),
    { message: 'validation.userNameLength', test: (value) => text(value).length >= 6 && text(value).length <= 18 },
  ],
  email: [matches(patterns.email, 'validation.email')],
  naturalNumber: [matches(patterns.naturalNumber, 'validation.naturalNumber')],
  englishLetters: [matches(patterns.englishLetters, 'validation.englishLetters')],
  landline: [matches(patterns.landline, 'validation.landline')],
  bankCard: [matches(patterns.bankCard, 'validation.bankCard')],
  idNumber: [matches(patterns.idNumber, 'validation.idNumber')],
  chineseId: [{ message: 'validation.chineseId', test: (value) => isChineseId(text(value)) }],
  qq: [matches(patterns.qq, 'validation.qq')],
  url: [matches(patterns.url, 'validation.url')],
  alphanumeric20: [matches(patterns.alphanumeric20, 'validation.alphanumeric20')],
  letters2to100: [matches(patterns.letters2to100, 'validation.letters2to100')],
  digitsAndLineBreaks: [matches(patterns.digitsAndLineBreaks, 'validation.digitsAndLineBreaks')],
  max255: [{ message: 'validation.max255', test: (value) => [...text(value)].length <= 255 }],
  integer: [matches(/^-?\d+$/, 'validation.integer')],
  positiveInteger: [matches(/^[1-9]\d*$/, 'validation.positiveInteger')],
} satisfies Record<string, FieldRule[]>;

/** Required text with optional length bounds ('最小长度N位字符', '最大长度N位字符'). */
export function requiredText(options: { min?: number; max?: number } = {}): FieldRule[] {
  return optionalText(options, [required()]);
}

/** Optional text with length bounds, checked only when a value is given. */
export function optionalText(options: { min?: number; max?: number } = {}, base: FieldRule[] = []): FieldRule[] {
  const rules = [...base];
  if (options.min !== undefined) rules.push(minLength(options.min));
  if (options.max !== undefined) rules.push(maxLength(options.max));
  return rules;
}

export function requiredSelect(): FieldRule[] {
  return [required('validation.selectRequired')];
}

/** A multi-select with bounds ('最少选择N项', '最多选择N项'). */
export function multiSelect(options: { min?: number; max?: number } = {}): FieldRule[] {
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  const rules: FieldRule[] = [];
  if (options.min !== undefined) {
    const min = options.min;
    rules.push({ message: 'validation.minSelect', params: { n: min }, required: min > 0, test: (v) => count(v) >= min });
  }
  if (options.max !== undefined) {
    const max = options.max;
    rules.push({ message: 'validation.maxSelect', params: { n: max }, test: (v) => count(v) <= max });
  }
  return rules;
}

/** The first rule a value breaks, or undefined when it passes them all. */
export function firstBrokenRule(rules: readonly FieldRule[], value: unknown): FieldRule | undefined {
  const empty = isEmpty(value);
  return rules.find((rule) => (rule.required || !empty) && !rule.test(value));
}
