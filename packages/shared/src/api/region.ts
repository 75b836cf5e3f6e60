import { z } from 'zod';
import type { FieldRule } from '../validation/rules.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { ruledNumber, ruledString } from '../validation/zod.ts';

/** GB/T 2260 levels, as `cantType` (spec section 3); towns extend a district's six digits by six more. */
export const regionTypes = { province: 1, city: 2, district: 3, town: 4 } as const;
export type RegionType = (typeof regionTypes)[keyof typeof regionTypes];

/** A region code: six digits (province, city, district), or twelve for a town. */
export const regionCodePattern = /^(\d{6}|\d{12})$/;

const regionCode: FieldRule = { message: 'validation.regionCode', test: (value) => regionCodePattern.test(String(value)) };

export const regionRules = {
  cantCode: [...requiredText({ max: 12 }), regionCode],
  superCode: [...optionalText({ max: 12 }), { ...regionCode, test: (value) => value === '' || regionCode.test(value) }],
  cantName: requiredText({ max: 100 }),
  shortName: optionalText({ max: 50 }),
  cantType: [...requiredText({ max: 1 }), { message: 'validation.regionType', test: (value) => /^[1-4]$/.test(String(value)) }],
} satisfies Record<string, FieldRule[]>;

export const regionInput = z.object({
  cantCode: ruledString(regionRules.cantCode),
  cantName: ruledString(regionRules.cantName),
  shortName: ruledString(regionRules.shortName),
  cantType: ruledNumber(regionRules.cantType),
  /** The region it belongs to; none (empty) for a province. */
  superCode: ruledString(regionRules.superCode).transform((value) => value || null),
});
export type RegionInput = z.infer<typeof regionInput>;

export const regionRename = regionInput.pick({ cantName: true, shortName: true });
export type RegionRename = z.infer<typeof regionRename>;
