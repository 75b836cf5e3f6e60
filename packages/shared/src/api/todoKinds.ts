// The to-do's kinds without its zod schemas: the dashboard reads the buckets, and would otherwise load zod.

/** Spec section 3, Task: level 1 high, 2 medium, 3 low. */
export const todoLevels = [1, 2, 3] as const;
/** Status 1 not started, 2 in progress, 3 completed. */
export const todoStatuses = [1, 2, 3] as const;
/** Activity bucket 1 inbox, 2 do today, 3 do next, 4 do later. */
export const todoBuckets = [1, 2, 3, 4] as const;
export type TodoLevel = (typeof todoLevels)[number];
export type TodoStatus = (typeof todoStatuses)[number];
export type TodoBucket = (typeof todoBuckets)[number];
