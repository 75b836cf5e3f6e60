import { z } from 'zod';

/** What a batch delete answers: how many records went. */
export const deletedCount = z.object({ deleted: z.number().int() });
export type DeletedCount = z.infer<typeof deletedCount>;
