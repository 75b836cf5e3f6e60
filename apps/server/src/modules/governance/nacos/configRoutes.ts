import {
  type ConfigItem,
  configContentTypes,
  governanceRules,
  optionalText,
  publicNamespace,
  requiredText,
  ruledString,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import { badRequest } from '../../../http/errors.ts';
import type { ConfigService } from '../config/configService.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import { changedConfigsAnswer, parseListeningConfigs } from './listeningConfigs.ts';
import { nacosParams } from './nacosParams.ts';
import { defaultGroup } from './namingSchemas.ts';

const tags = ['nacos config'];
const maxHoldMs = 120_000;
const md5Pattern = /^[0-9a-fA-F]{32}$/;

const keyParams = z.object({
  dataId: ruledString(governanceRules.dataId),
  group: z.preprocess((value) => value || defaultGroup, ruledString(governanceRules.groupName)),
  tenant: ruledString(optionalText({ max: 64 })),
});

const publishParams = keyParams.extend({
  content: ruledString(governanceRules.content),
  type: z.preprocess((value) => value || 'text', z.enum(configContentTypes)),
  appName: ruledString(governanceRules.appName),
  desc: ruledString(governanceRules.description),
  config_tags: ruledString(governanceRules.tags),
  casMd5: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(md5Pattern).optional()),
});

const searchParams = z.object({
  search: z.enum(['accurate', 'blur']),
  dataId: ruledString(optionalText({ max: 255 })),
  group: ruledString(optionalText({ max: 128 })),
  appName: ruledString(optionalText({ max: 128 })),
  config_tags: ruledString(optionalText({ max: 255 })),
  tenant: ruledString(optionalText({ max: 64 })),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

/** `dataIds` comma-separated, as the batch calls of the older clients send them. */
const batchParams = z.object({
  dataIds: ruledString([...requiredText({ max: 20_000 })]),
  group: z.preprocess((value) => value || defaultGroup, ruledString(governanceRules.groupName)),
  tenant: ruledString(optionalText({ max: 64 })),
});
const maxBatch = 500;

/** Nacos's answer to a compare-and-set publish that finds another MD5 (or no config). */
const casRefused = 'Cas publish fail, server md5 may have changed.';

const listenParams = z.object({
  'Listening-Configs': z.string().min(1),
  tenant: ruledString(optionalText({ max: 64 })),
});

function checkedMd5(value: string): string {
  if (!md5Pattern.test(value)) throw badRequest('error.badInput', { field: 'casMd5', reason: value.slice(0, 64) });
  return value;
}

/** The Nacos v1 config API that the npm `nacos` client speaks, long polling included. */
export function nacosConfigRoutes(configs: ConfigService, namespaces: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    const keyOf = async (params: z.infer<typeof keyParams>) => ({
      namespaceId: await namespaces.requireExisting(namespaceOf(params.tenant)),
      group: params.group,
      dataId: params.dataId,
    });

    const tenantOf = (namespaceId: string) => (namespaceId === publicNamespace ? '' : namespaceId);
    const itemOf = (config: ConfigItem) => ({
      id: String(config.id),
      dataId: config.dataId,
      group: config.group,
      content: config.content,
      md5: config.md5,
      encryptedDataKey: '',
      tenant: tenantOf(config.namespaceId),
      appName: config.appName,
      type: config.type,
    });

    app.get(
      '/nacos/v1/cs/configs',
      { schema: { tags, summary: 'The content of a config, or with `search` a page of configs' } },
      async (request, reply) => {
        if ('search' in requestParams(request)) {
          const params = nacosParams(searchParams, request);
          const namespaceId = await namespaces.requireExisting(namespaceOf(params.tenant));
          const search = {
            mode: params.search,
            dataId: params.dataId,
            group: params.group,
            appName: params.appName,
            tags: params.config_tags,
          };
          const page = await configs.search(namespaceId, search, params);
          return {
            totalCount: page.total,
            pageNumber: params.pageNo,
            pagesAvailable: Math.ceil(page.total / params.pageSize),
            pageItems: page.records.map(itemOf),
          };
        }
        const config = await configs.get(await keyOf(nacosParams(keyParams, request)));
        reply.type('text/plain; charset=UTF-8').header('cache-control', 'no-cache');
        if (!config) return reply.code(404).send('config data not exist');
        return reply.header('content-md5', config.md5).header('config-type', config.type).send(config.content);
      },
    );

    app.post('/nacos/v1/cs/configs', { schema: { tags, summary: 'Publishes a config' } }, async (request, reply) => {
      const header = request.headers.casmd5;
      const params = nacosParams(publishParams, request);
      // The Java client sends casMd5 as a header; the open API documents it as a parameter.
      const casMd5 = params.casMd5 ?? (typeof header === 'string' && header !== '' ? checkedMd5(header) : undefined);
      const key = await keyOf(params);
      const written = await configs.publish(
        { ...key, content: params.content, type: params.type, appName: params.appName, description: params.desc, tags: params.config_tags },
        request.caller.userName,
        casMd5,
      );
      reply.type('text/plain; charset=UTF-8');
      return written ? reply.send('true') : reply.code(500).send(casRefused);
    });

    // Configs of one group by data id; the ones that do not exist are left out.
    const batchGet = async (request: Parameters<typeof requestParams>[0]) => {
      const params = nacosParams(batchParams, request);
      const dataIds = [...new Set(params.dataIds.split(',').map((dataId) => dataId.trim()))].filter((dataId) => dataId !== '');
      if (dataIds.length > maxBatch) throw badRequest('error.badInput', { field: 'dataIds', reason: `> ${maxBatch}` });
      const namespaceId = await namespaces.requireExisting(namespaceOf(params.tenant));
      const found = await Promise.all(dataIds.map((dataId) => configs.get({ namespaceId, group: params.group, dataId })));
      return found.filter((config) => config !== undefined).map(itemOf);
    };
    app.get('/nacos/v1/cs/configs/batchGet', { schema: { tags, summary: 'Configs of one group by data id' } }, (request) =>
      batchGet(request),
    );
    app.post('/nacos/v1/cs/configs/batchGet', { schema: { tags, summary: 'Configs of one group by data id' } }, (request) =>
      batchGet(request),
    );

    app.delete('/nacos/v1/cs/configs', { schema: { tags, summary: 'Removes a config' } }, async (request, reply) => {
      await configs.remove(await keyOf(nacosParams(keyParams, request)), request.caller.userName);
      return reply.type('text/plain; charset=UTF-8').send('true');
    });

    app.post('/nacos/v1/cs/configs/listener', { schema: { tags, summary: 'Long poll for config changes' } }, async (request, reply) => {
      const params = nacosParams(listenParams, request);
      const watched = parseListeningConfigs(params['Listening-Configs'], params.tenant);
      if (!watched) throw badRequest('error.listeningConfigs');
      for (const namespaceId of new Set(watched.map((config) => config.namespaceId))) await namespaces.requireExisting(namespaceId);
      const timeout = Number(request.headers['long-pulling-timeout'] ?? 0);
      // Answer half a second before the client gives up, as Nacos does, so the answer is not lost in flight.
      const holdMs = Number.isFinite(timeout) ? Math.min(Math.max(timeout - 500, 0), maxHoldMs) : 0;
      // A client that asks not to be hung up (its first poll, say) hears at once, changes or none.
      const noHangUp = String(request.headers['long-pulling-timeout-no-hangup'] ?? '').toLowerCase() === 'true';
      const changed = await configs.listeners.watch(
        watched,
        noHangUp ? 0 : holdMs,
        { ip: request.ip, version: String(request.headers['client-version'] ?? '') },
        (abort) => reply.raw.once('close', abort),
      );
      return reply.type('text/plain; charset=UTF-8').header('cache-control', 'no-cache,no-store').send(changedConfigsAnswer(changed));
    });
  };
}
