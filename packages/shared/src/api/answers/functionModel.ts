import { z } from 'zod';
import { modelLevels } from '../functionModel.ts';

/** One node of the function-model tree; `builtIn` nodes are what Qiming's code declares, shown read-only. */
export const modelNode = z
  .object({
    level: z.enum(modelLevels),
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    builtIn: z.boolean(),
    /** The level's own fields, as its form edits them. */
    fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    get children(): z.ZodArray<typeof modelNode> {
      return z.array(modelNode);
    },
  })
  .meta({ id: 'ModelNode' });
export type ModelNode = z.infer<typeof modelNode>;

/** A row of one level as a change wrote it: its id and its table's columns. */
export const modelRow = z.object({ id: z.number().int() }).catchall(z.union([z.string(), z.number(), z.null()]));

const perLevel = z.number().int();
/** What an import added, per level, and from how many files. */
export const modelImportReport = z.object({
  files: z.number().int(),
  statements: z.number().int(),
  added: z.object({ app: perLevel, module: perLevel, function: perLevel, operation: perLevel, url: perLevel }),
});
export type ModelImportReport = z.infer<typeof modelImportReport>;
