import { type FormFieldKind, type FormValidatorRule, formValidatorRules, ruleAppliesTo } from '@qiming/shared';

/** The widths a field takes in the form's 24-column row: whole, half, third, quarter. */
export const spans = [24, 12, 8, 6] as const;

/** The rules an author may choose for a field of the kind. */
export function rulesFor(kind: FormFieldKind): FormValidatorRule[] {
  return formValidatorRules.filter((rule) => ruleAppliesTo(rule, kind));
}

/** A static text only shows its heading and paragraph: it holds no value. */
export const holdsValue = (kind: FormFieldKind) => kind !== 'staticText';
