import { z } from 'zod';
import type { FieldRule } from '../validation/rules.ts';
import { fieldRules, optionalText, requiredText } from '../validation/rules.ts';
import { ruledNumber, ruledString } from '../validation/zod.ts';

const code: FieldRule = { message: 'validation.code', test: (value) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(String(value)) };

export const dictionaryRules = {
  dictCode: [...requiredText({ max: 50 }), code],
  dictName: requiredText({ max: 100 }),
  note: optionalText({ max: 255 }),
  itemCode: [...requiredText({ max: 50 }), { message: 'validation.itemCode', test: (value) => /^[A-Za-z0-9_.-]+$/.test(String(value)) }],
  itemValue: requiredText({ max: 100 }),
  index: [...requiredText({ max: 9 }), ...fieldRules.integer],
} satisfies Record<string, FieldRule[]>;

export const dictionaryInput = z.object({
  dictCode: ruledString(dictionaryRules.dictCode),
  dictName: ruledString(dictionaryRules.dictName),
  note: ruledString(dictionaryRules.note),
});
export type DictionaryInput = z.infer<typeof dictionaryInput>;

export const dictionaryItemInput = z.object({
  itemCode: ruledString(dictionaryRules.itemCode),
  itemValue: ruledString(dictionaryRules.itemValue),
  index: ruledNumber(dictionaryRules.index),
});
export type DictionaryItemInput = z.infer<typeof dictionaryItemInput>;

export const dictionarySortable = ['dictCode', 'dictName', 'updatedAt'] as const;
export const dictionaryItemSortable = ['itemCode', 'itemValue', 'index'] as const;
