import {
  appInput,
  deletion,
  functionInput,
  type ModelLevel,
  modelImportReport,
  modelNode,
  modelRow,
  moduleInput,
  operationInput,
  urlInput,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok } from '../../../http/envelope.ts';
import { badRequest } from '../../../http/errors.ts';
import { fileAnswer } from '../../../http/fileAnswer.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import { functionModelPath, levelPath } from './functionModelAccess.ts';
import { FunctionModelService } from './functionModelService.ts';
import { modelArchiveLimits } from './modelArchive.ts';
import { rowOf } from './modelLevels.ts';

const tags = ['function model'];
/** A zip's compressed size stays well under what it may inflate to. */
const maxUploadBytes = modelArchiveLimits.totalBytes;

const inputs = { app: appInput, module: moduleInput, function: functionInput, operation: operationInput, url: urlInput };

export const functionModelRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new FunctionModelService(context);
  // An import sends the archive itself as the body, whatever type the browser gave the file.
  for (const type of ['application/zip', 'application/x-zip-compressed', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));
  }

  app.get(
    `${functionModelPath}/tree`,
    {
      config: { operation: 'functionModel:view' },
      schema: {
        tags,
        summary: 'Apps, modules, functions, operations and urls as one tree',
        response: { 200: envelopeOf(z.array(modelNode)) },
      },
    },
    async () => ok(await service.tree()),
  );

  const levelRoutes = (level: ModelLevel) => {
    const body = inputs[level];
    // The body passed this level's own schema, so it is this level's input.
    const row = (input: unknown) => rowOf[level](input as never);
    const parentOf = (input: unknown) => (input as { parentId?: number }).parentId ?? null;
    app.post(
      levelPath(level),
      {
        config: { operation: 'functionModel:add' },
        schema: { tags, summary: `Adds a ${level}`, body, response: { 200: envelopeOf(modelRow) } },
      },
      async (request) => ok(await service.create(request.caller, level, parentOf(request.body), row(request.body))),
    );
    app.put(
      `${levelPath(level)}/:id`,
      {
        config: { operation: 'functionModel:edit' },
        schema: { tags, summary: `Changes a ${level}`, params: idParams, body, response: { 200: envelopeOf(modelRow) } },
      },
      async (request) => ok(await service.update(request.caller, level, request.params.id, row(request.body))),
    );
    app.post(
      `${levelPath(level)}/delete`,
      {
        config: { operation: 'functionModel:delete' },
        schema: { tags, summary: `Deletes ${level}s with nothing below them`, body: idListBody, response: { 200: envelopeOf(deletion) } },
      },
      async (request) => ok(await service.remove(request.caller, level, request.body.ids)),
    );
    app.get(
      `${levelPath(level)}/:id/export`,
      {
        config: { operation: 'functionModel:export' },
        schema: {
          tags,
          summary: `A ${level} and everything below it, as the zip an import reads`,
          params: idParams,
          response: { 200: fileAnswer('application/zip', 'The zip of INSERT statements an import reads') },
        },
      },
      async (request, reply) => {
        const { fileName, zip } = await service.exportArchive(level, request.params.id);
        return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(zip));
      },
    );
  };
  for (const level of ['app', 'module', 'function', 'operation', 'url'] as const) levelRoutes(level);

  app.post(
    `${functionModelPath}/import`,
    {
      config: { operation: 'functionModel:import' },
      schema: {
        tags,
        summary: 'Adds the rows of a zip of UTF-8 .txt files of INSERT statements, all or nothing',
        response: { 200: envelopeOf(modelImportReport) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('error.modelImportNotZip');
      return ok(await service.import(request.caller, request.body));
    },
  );
};
