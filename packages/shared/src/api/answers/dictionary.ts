import { z } from 'zod';

export const dictionary = z.object({
  id: z.number().int(),
  dictCode: z.string(),
  dictName: z.string(),
  note: z.string(),
  itemCount: z.number().int(),
  updatedAt: z.number(),
});
export type Dictionary = z.infer<typeof dictionary>;

export const dictionaryItem = z.object({
  id: z.number().int(),
  dictId: z.number().int(),
  itemCode: z.string(),
  itemValue: z.string(),
  index: z.number().int(),
});
export type DictionaryItem = z.infer<typeof dictionaryItem>;
