import fs from 'node:fs';
import { attachment, attachmentImageTypes, attachmentLimits } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { chargeAccountQuota } from '../../http/accountQuota.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { fileAnswer } from '../../http/fileAnswer.ts';
import { AttachmentService, savedName } from './attachmentService.ts';

const tags = ['attachments'];

/** Uploads send the image itself as the body; its type is read from its bytes, not from this header. */
const uploadTypes = [...Object.keys(attachmentImageTypes), 'application/octet-stream'];

export const attachmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new AttachmentService(context);
  // Twice the limit reaches the service, which refuses an oversized image with its own message.
  app.addContentTypeParser(uploadTypes, { parseAs: 'buffer', bodyLimit: attachmentLimits.maxBytes * 2 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/admin/attachments',
    {
      config: { operation: 'attachment:upload' },
      schema: {
        tags,
        summary: 'Stores an image (PNG, JPEG, GIF, WebP) sent as the body; the same bytes are stored once',
        querystring: z.object({ name: z.string().max(500).default('') }),
        response: { 200: envelopeOf(attachment) },
      },
    },
    async (request) => {
      // A form or JSON body is not an image, whatever it holds.
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'error.unsupportedMediaType');
      await chargeAccountQuota(context, request.caller, 'uploads');
      return ok(await service.upload(request.caller, request.body, request.query.name));
    },
  );

  app.get(
    '/api/files/:fileName',
    {
      config: { operation: 'attachment:read' },
      schema: {
        tags,
        summary: 'A stored image; its name is its hash, so it is cached for good',
        params: z.object({ fileName: z.string().max(80) }),
        response: { 200: fileAnswer(Object.keys(attachmentImageTypes), 'The image, cached for good') },
      },
    },
    async (request, reply) => {
      const stored = await service.require(request.params.fileName);
      const path = service.files.pathOf(request.params.fileName);
      if ((await service.files.sizeOf(request.params.fileName)) === undefined) throw notFound();
      return reply
        .header('content-type', stored.contentType)
        .header('content-length', stored.byteSize)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${request.params.fileName}"`)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(savedName(stored.fileName, stored.contentType))}`)
        .send(fs.createReadStream(path));
    },
  );
};
