import { type FieldRule, firstBrokenRule } from '@qiming/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Shared field rules as one antd rule, so the form shows the very message the server would answer. */
export function antdRules(rules: readonly FieldRule[], t: TFunction): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const broken = firstBrokenRule(rules, typeof value === 'number' ? String(value) : (value ?? ''));
        if (broken) throw new Error(t(broken.message, broken.params));
      },
    },
  ];
}

export const isRequired = (rules: readonly FieldRule[]) => rules.some((rule) => rule.required);
