import { z } from 'zod';
import { optionalText, requiredText } from '../validation/rules.ts';
import { ruledString } from '../validation/zod.ts';
import { solarDate } from './identity.ts';
import { todoBuckets, todoLevels, todoStatuses } from './todoKinds.ts';

export * from './todoKinds.ts';

export const todoRules = {
  title: requiredText({ max: 100 }),
  description: optionalText({ max: 1000 }),
};

/** One of `values`, sent as a number (JSON) or as text (forms, query strings). */
const oneOf = <const T extends readonly number[]>(values: T) =>
  z.coerce
    .number({ message: 'validation.selectRequired' })
    .refine((value): value is T[number] => values.includes(value), 'validation.selectRequired');

/** A filter that is one of `values` or the spec's 'all' (also: absent). */
const oneOrAll = <const T extends readonly number[]>(values: T) =>
  z.preprocess((value) => (value === 'all' || value === '' || value === undefined ? undefined : value), oneOf(values).optional());

const dueDate = z.preprocess((value) => (value === '' || value === undefined ? null : value), solarDate.nullable());

export const todoInput = z.object({
  title: ruledString(todoRules.title),
  description: ruledString(todoRules.description),
  level: oneOf(todoLevels),
  status: oneOf(todoStatuses),
  bucket: oneOf(todoBuckets),
  dueDate,
});
export type TodoInput = z.infer<typeof todoInput>;

/** Drag and drop: the task goes to `bucket` at `index` among that bucket's tasks (0 first). */
export const todoMove = z.object({ bucket: oneOf(todoBuckets), index: z.coerce.number().int().min(0).max(100_000) });

export const todoFilter = z.object({
  level: oneOrAll(todoLevels),
  status: oneOrAll(todoStatuses),
  bucket: oneOrAll(todoBuckets),
  title: z.string().max(100).optional(),
});
export type TodoFilter = z.infer<typeof todoFilter>;
