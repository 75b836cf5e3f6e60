import { z } from 'zod';

/** What a delete answers: how many records went. */
export const deletion = z.object({ deleted: z.number().int() });
export type Deletion = z.infer<typeof deletion>;
