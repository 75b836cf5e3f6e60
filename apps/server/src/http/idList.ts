import { formList, recordId } from '@qiming/shared';
import { z } from 'zod';

/** `{ids}` of a batch action: one id or many (form bodies send `ids=1&ids=2` or `ids[0]=1`). */
export const idListBody = z.object({
  ids: formList(z.array(recordId).min(1, { message: 'error.selectOne' }).max(1000)),
});

export const idParam = recordId;

/** The params of a route whose path names one record (`/:id`). */
export const idParams = z.object({ id: idParam });
