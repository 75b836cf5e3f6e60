import type { Readable } from 'node:stream';
import { z } from 'zod';

/** The bytes of a file as a handler sends them; documented as a binary string. */
const fileBody = z.custom<Buffer | Readable>(() => true).meta({ type: 'string', format: 'binary' });

/**
 * The response schema of an answer that is a file rather than the JSON envelope, declared by its media
 * type so the document (and the client generated from it) says what comes back.
 */
export function fileAnswer(mediaTypes: string | readonly string[], description: string) {
  return { description, content: Object.fromEntries([mediaTypes].flat().map((mediaType) => [mediaType, { schema: fileBody }])) };
}
