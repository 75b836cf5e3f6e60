import { formList } from '@qiming/shared';
import { z } from 'zod';

/** `{ids}` of a batch action: one id or many (form bodies send `ids=1&ids=2` or `ids[0]=1`). */
export const idListBody = z.object({
  ids: formList(z.array(z.coerce.number().int().positive()).min(1, { message: 'error.selectOne' }).max(1000)),
});

export const idParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
