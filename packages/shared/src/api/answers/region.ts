import { z } from 'zod';

export const region = z.object({
  cantCode: z.string(),
  cantName: z.string(),
  shortName: z.string(),
  /** GB/T 2260 level: 1 province, 2 city, 3 district, 4 town. */
  cantType: z.literal([1, 2, 3, 4]),
  superCode: z.string().nullable(),
  enabled: z.boolean(),
  /** Added or changed here rather than loaded from GB/T 2260. */
  local: z.boolean(),
  /** No enabled region below it (or none at all, when disabled ones are listed). */
  isLeaf: z.boolean(),
});
export type Region = z.infer<typeof region>;

/** A region found by a search, with the names of the regions above it, province first. */
export const regionMatch = region.extend({ pathNames: z.array(z.string()) });
export type RegionMatch = z.infer<typeof regionMatch>;
