import { z } from 'zod';

/** The reader's offset from UTC in minutes (east positive), so that days end at the reader's midnight. */
export const dashboardQuery = z.object({ offset: z.coerce.number().int().min(-840).max(840).default(0) });
