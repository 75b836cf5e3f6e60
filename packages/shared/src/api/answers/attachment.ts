import { z } from 'zod';
import { type AttachmentImageType, attachmentImageTypes } from '../portalAdmin.ts';

export const attachment = z.object({
  id: z.number().int(),
  url: z.string(),
  fileName: z.string(),
  contentType: z.enum(Object.keys(attachmentImageTypes) as [AttachmentImageType, ...AttachmentImageType[]]),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;
