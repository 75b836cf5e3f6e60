import { type AttachmentImageType, attachmentLimits } from '@qiming/shared';
import { imageSize } from 'image-size';
import { badRequest } from '../../http/errors.ts';

const typesBySniffedName: Record<string, AttachmentImageType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface ProbedImage {
  contentType: AttachmentImageType;
  width: number;
  height: number;
}

/**
 * What the bytes are, whatever the upload claimed: a PNG, JPEG, GIF or WebP image within the size and
 * dimension limits. SVG is refused: it is a document that can carry script.
 */
export function probeImage(bytes: Buffer): ProbedImage {
  if (bytes.length > attachmentLimits.maxBytes) {
    throw badRequest('error.attachmentTooLarge', { mb: attachmentLimits.maxBytes / 1024 / 1024 });
  }
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw badRequest('error.attachmentType');
  }
  const contentType = size.type ? typesBySniffedName[size.type] : undefined;
  if (!contentType || !size.width || !size.height) throw badRequest('error.attachmentType');
  if (size.width > attachmentLimits.maxSide || size.height > attachmentLimits.maxSide) {
    throw badRequest('error.attachmentDimensions', { max: attachmentLimits.maxSide });
  }
  return { contentType, width: size.width, height: size.height };
}
