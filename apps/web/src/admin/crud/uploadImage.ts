import { type Attachment, attachmentImageTypes, attachmentLimits } from '@qiming/shared';
import type { TFunction } from 'i18next';
import { api } from '../../core/request/client.ts';
import { toastError } from '../../core/request/notify.ts';

/** The types the picker offers; the server reads the type from the bytes whatever the picker says. */
export const acceptedImages = Object.keys(attachmentImageTypes).join(',');

/**
 * Sends an image to the attachment store and answers where it is served. Too big a file is refused
 * here with the server's own message, before it is sent.
 */
export async function uploadImage(file: File, t: TFunction, onProgress?: (share: number) => void): Promise<Attachment | undefined> {
  if (file.size > attachmentLimits.maxBytes) {
    toastError(t('error.attachmentTooLarge', { mb: attachmentLimits.maxBytes / 1024 / 1024 }));
    return undefined;
  }
  return api.upload('/api/admin/attachments', file, { query: { name: file.name }, onProgress });
}
