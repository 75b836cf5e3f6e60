import { z } from 'zod';

/**
 * The response schema of a route that answers a file rather than the envelope: documented under its
 * own content type, and never serialised (Fastify sends a buffer or text as it is).
 */
export function fileAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.custom<Buffer | string>().meta({ type: 'string', format: 'binary' }) } } };
}

/** An Excel workbook as `sendExcel` writes it. */
export const excelAnswer = (description: string) =>
  fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description);
