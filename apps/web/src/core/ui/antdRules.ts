import { type FieldRule, firstBrokenRule } from '@qiming/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

const isRequired = (rules: readonly FieldRule[]) => rules.some((rule) => rule.required);

/**
 * Shared field rules as one antd rule, so the form shows the very message the server would answer;
 * `required` marks the field with its asterisk (the validator still decides, with the spec's message).
 */
export function antdRules(rules: readonly FieldRule[], t: TFunction): FormRule[] {
  return [
    {
      required: isRequired(rules),
      validator: async (_rule, value: unknown) => {
        const broken = firstBrokenRule(rules, typeof value === 'number' ? String(value) : (value ?? ''));
        if (broken) throw new Error(t(broken.message, broken.params));
      },
    },
  ];
}
