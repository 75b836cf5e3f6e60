import { z } from 'zod';
import { type FieldRule, optionalText, requiredSelect, requiredText } from '../validation/rules.ts';
import { formFlag, ruledNumber, ruledString } from '../validation/zod.ts';

/** How a rule's counter runs: on for ever, or starting again at 1 each year, month or day. */
export const serialTypes = ['sequence', 'year', 'month', 'day'] as const;
export type SerialType = (typeof serialTypes)[number];

/** The prefix a dated rule must carry (spec section 5): the date it is handed out on, in this form. */
export const datedPrefixes: Record<Exclude<SerialType, 'sequence'>, string> = { year: 'YYYY', month: 'YYYYMM', day: 'YYYYMMDD' };

const affix: FieldRule = { message: 'validation.serialAffix', test: (value) => /^[A-Za-z0-9_-]*$/.test(String(value)) };

export const serialRules = {
  idId: [...requiredText({ max: 50 }), { message: 'validation.code', test: (value) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(String(value)) }],
  idName: requiredText({ max: 100 }),
  idLength: [
    ...requiredText({ max: 2 }),
    { message: 'validation.serialLength', test: (value) => /^\d+$/.test(String(value)) && Number(value) >= 1 && Number(value) <= 12 },
  ],
  idType: requiredSelect(),
  idPrefix: [...optionalText({ max: 20 }), affix],
  idSuffix: [...optionalText({ max: 20 }), affix],
} satisfies Record<string, FieldRule[]>;

const optionalOrgan = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? null : value),
  z.coerce.number().int().positive().nullable(),
);

export const serialRuleInput = z
  .object({
    idId: ruledString(serialRules.idId),
    idName: ruledString(serialRules.idName),
    /** One counter for the whole installation; otherwise the rule is the organ's own. */
    isGlobal: formFlag(true),
    organId: optionalOrgan,
    idLength: ruledNumber(serialRules.idLength),
    idType: z.enum(serialTypes, { message: 'validation.selectRequired' }),
    isPrefix: formFlag(false),
    idPrefix: ruledString(serialRules.idPrefix),
    isSuffix: formFlag(false),
    idSuffix: ruledString(serialRules.idSuffix),
  })
  .superRefine((rule, context) => {
    if (rule.idType !== 'sequence' && (!rule.isPrefix || rule.idPrefix !== datedPrefixes[rule.idType])) {
      context.addIssue({ code: 'custom', path: ['idPrefix'], message: `validation.serialPrefix_${rule.idType}` });
    }
    if (!rule.isGlobal && rule.organId === null) context.addIssue({ code: 'custom', path: ['organId'], message: 'validation.serialOrgan' });
  });
export type SerialRuleInput = z.infer<typeof serialRuleInput>;

export const serialSortable = ['idId', 'idName'] as const;
