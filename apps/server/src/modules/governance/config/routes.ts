import {
  configInput,
  configItem,
  configListener,
  configSortable,
  configVersion,
  configVersionSortable,
  conflictPolicies,
  deletion,
  governanceRules,
  pageQuerySchema,
  ruledString,
  transferReport,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { badRequest } from '../../../http/errors.ts';
import { fileAnswer } from '../../../http/fileAnswer.ts';
import { found } from '../../../http/found.ts';
import { idListBody, idParam } from '../../../http/idList.ts';
import { namespaceParams } from '../namespaces/namespaceParam.ts';
import type { NamespaceService } from '../namespaces/namespaceService.ts';
import { exportArchive, readArchive } from './configArchive.ts';
import * as repo from './configRepo.ts';
import type { ConfigService } from './configService.ts';

const tags = ['config centre'];
const filterText = z.string().max(255).optional();
const configFilter = z.object({ dataId: filterText, group: filterText, appName: filterText, tags: filterText });
const configParams = namespaceParams.extend({ id: idParam });
const policy = z.object({ policy: z.enum(conflictPolicies).default('abort') });
const maxArchiveBytes = 10 * 1024 * 1024;

export function configRoutes(configs: ConfigService, namespaces: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    // An import sends the archive itself as the body.
    app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: maxArchiveBytes }, (_request, body, done) =>
      done(null, body),
    );

    const namespaceOf = (params: { namespaceId: string }) => namespaces.requireExisting(params.namespaceId);

    app.get(
      '/api/admin/configs/:namespaceId/items',
      {
        config: { operation: 'config:view' },
        schema: {
          tags,
          summary: 'A page of the configs of a namespace',
          params: namespaceParams,
          querystring: pageQuerySchema(configSortable).extend(configFilter.shape),
          response: { 200: envelopeOf(pageOf(configItem)) },
        },
      },
      async (request) => ok(await repo.pageConfigs(context.db, await namespaceOf(request.params), request.query)),
    );
    app.get(
      '/api/admin/configs/:namespaceId/items/:id',
      {
        config: { operation: 'config:view' },
        schema: { tags, summary: 'One config', params: configParams, response: { 200: envelopeOf(configItem) } },
      },
      async (request) => ok(await configs.requireConfig(request.params.namespaceId, request.params.id)),
    );
    app.post(
      '/api/admin/configs/:namespaceId/items',
      {
        config: { operation: 'config:add' },
        schema: {
          tags,
          summary: 'Creates a config',
          params: namespaceParams,
          body: configInput,
          response: { 200: envelopeOf(configItem) },
        },
      },
      async (request) => ok(found(await configs.create(request.caller, await namespaceOf(request.params), request.body))),
    );
    app.put(
      '/api/admin/configs/:namespaceId/items/:id',
      {
        config: { operation: 'config:edit' },
        schema: {
          tags,
          summary: 'Publishes a new version of a config',
          params: configParams,
          body: configInput,
          response: { 200: envelopeOf(configItem) },
        },
      },
      async (request) => ok(found(await configs.update(request.caller, request.params.namespaceId, request.params.id, request.body))),
    );
    app.post(
      '/api/admin/configs/:namespaceId/items/delete',
      {
        config: { operation: 'config:delete' },
        schema: {
          tags,
          summary: 'Deletes configs',
          params: namespaceParams,
          body: idListBody,
          response: { 200: envelopeOf(deletion) },
        },
      },
      async (request) => ok(await configs.removeMany(request.caller, request.params.namespaceId, request.body.ids)),
    );
    app.get(
      '/api/admin/configs/:namespaceId/items/:id/versions',
      {
        config: { operation: 'config:view' },
        schema: {
          tags,
          summary: 'The history of a config, newest first',
          params: configParams,
          querystring: pageQuerySchema(configVersionSortable),
          response: { 200: envelopeOf(pageOf(configVersion)) },
        },
      },
      async (request) => {
        const config = await configs.requireConfig(request.params.namespaceId, request.params.id);
        return ok(await repo.pageVersions(context.db, config, request.query));
      },
    );
    app.post(
      '/api/admin/configs/:namespaceId/items/:id/rollback',
      {
        config: { operation: 'config:edit' },
        schema: {
          tags,
          summary: 'Publishes an earlier version again',
          params: configParams,
          body: z.object({ versionId: idParam }),
          response: { 200: envelopeOf(configItem) },
        },
      },
      async (request) => ok(await configs.rollback(request.caller, request.params.namespaceId, request.params.id, request.body.versionId)),
    );
    app.get(
      '/api/admin/configs/:namespaceId/items/:id/listeners',
      {
        config: { operation: 'config:view' },
        schema: {
          tags,
          summary: 'Clients holding a long poll on a config, on any server',
          params: configParams,
          response: { 200: envelopeOf(z.array(configListener)) },
        },
      },
      async (request) => {
        const config = await configs.requireConfig(request.params.namespaceId, request.params.id);
        return ok(await configs.listeners.listeners(config));
      },
    );
    app.get(
      '/api/admin/configs/:namespaceId/archive',
      {
        config: { operation: 'config:export' },
        schema: {
          tags,
          summary: 'Configs of a namespace as a zip (all, or the given ids)',
          params: namespaceParams,
          querystring: z.object({ ids: idListBody.shape.ids.optional() }),
          response: { 200: fileAnswer('application/zip', 'The configs as a zip in Nacos’s layout') },
        },
      },
      async (request, reply) => {
        const namespaceId = await namespaceOf(request.params);
        const archive = exportArchive(await repo.listConfigs(context.db, namespaceId, request.query.ids));
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${namespaceId}-configs.zip"`)
          .send(Buffer.from(archive));
      },
    );
    app.post(
      '/api/admin/configs/:namespaceId/archive',
      {
        config: { operation: 'config:add' },
        schema: {
          tags,
          summary: 'Imports a zip of configs under a conflict policy',
          params: namespaceParams,
          querystring: policy,
          response: { 200: envelopeOf(transferReport) },
        },
      },
      async (request) => {
        const namespaceId = await namespaceOf(request.params);
        if (!Buffer.isBuffer(request.body)) throw badRequest('error.import');
        return ok(await configs.importDrafts(request.caller, readArchive(request.body, namespaceId), request.query.policy));
      },
    );
    app.post(
      '/api/admin/configs/:namespaceId/clone',
      {
        config: { operation: 'config:add' },
        schema: {
          tags,
          summary: 'Copies configs into another namespace under a conflict policy',
          params: namespaceParams,
          body: idListBody.extend({ target: ruledString(governanceRules.namespaceId) }).extend(policy.shape),
          response: { 200: envelopeOf(transferReport) },
        },
      },
      async (request) => {
        const from = await namespaceOf(request.params);
        const to = await namespaces.requireExisting(request.body.target);
        return ok(await configs.clone(request.caller, from, request.body.ids, to, request.body.policy));
      },
    );
  };
}
