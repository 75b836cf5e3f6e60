import { z } from 'zod';
import { serialTypes } from '../serialNumber.ts';

export const serialRule = z.object({
  id: z.number().int(),
  idId: z.string(),
  idName: z.string(),
  isGlobal: z.boolean(),
  organId: z.number().int().nullable(),
  organName: z.string().nullable(),
  idLength: z.number().int(),
  /** The last number handed out in the current period (0: none yet). */
  idValue: z.number().int(),
  /** The period `idValue` counts in: 2026, 202611, 20261122, or empty for a plain sequence. */
  period: z.string(),
  isPrefix: z.boolean(),
  idPrefix: z.string(),
  isSuffix: z.boolean(),
  idSuffix: z.string(),
  idType: z.enum(serialTypes),
});
export type SerialRule = z.infer<typeof serialRule>;

/** A number handed out: as formatted, and the rule, counter value and period it came from. */
export const serialNumber = z.object({ number: z.string(), ruleId: z.number().int(), value: z.number().int(), period: z.string() });
export type SerialNumber = z.infer<typeof serialNumber>;
