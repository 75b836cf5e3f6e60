import { configContentTypes, governanceRules, optionalText, ruledString } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../http/errors.ts';
import type { ConfigService } from '../config/configService.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import { changedConfigsAnswer, parseListeningConfigs } from './listeningConfigs.ts';
import { nacosParams } from './nacosParams.ts';
import { defaultGroup } from './namingSchemas.ts';

const tags = ['nacos config'];
const maxHoldMs = 120_000;

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
});

const listenParams = z.object({
  'Listening-Configs': z.string().min(1),
  tenant: ruledString(optionalText({ max: 64 })),
});

/** The Nacos v1 config API that the npm `nacos` client speaks, long polling included. */
export function nacosConfigRoutes(configs: ConfigService, namespaces: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    const keyOf = async (params: z.infer<typeof keyParams>) => ({
      namespaceId: await namespaces.requireExisting(namespaceOf(params.tenant)),
      group: params.group,
      dataId: params.dataId,
    });

    app.get('/nacos/v1/cs/configs', { schema: { tags, summary: 'The content of a config' } }, async (request, reply) => {
      const config = await configs.get(await keyOf(nacosParams(keyParams, request)));
      reply.type('text/plain; charset=UTF-8').header('cache-control', 'no-cache');
      if (!config) return reply.code(404).send('config data not exist');
      return reply.header('content-md5', config.md5).header('config-type', config.type).send(config.content);
    });

    app.post('/nacos/v1/cs/configs', { schema: { tags, summary: 'Publishes a config' } }, async (request, reply) => {
      const params = nacosParams(publishParams, request);
      const key = await keyOf(params);
      await configs.publish(
        { ...key, content: params.content, type: params.type, appName: params.appName, description: params.desc, tags: params.config_tags },
        request.caller.userName,
      );
      return reply.type('text/plain; charset=UTF-8').send('true');
    });

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
      const changed = await configs.listeners.watch(
        watched,
        holdMs,
        { ip: request.ip, version: String(request.headers['client-version'] ?? '') },
        (abort) => reply.raw.once('close', abort),
      );
      return reply.type('text/plain; charset=UTF-8').header('cache-control', 'no-cache,no-store').send(changedConfigsAnswer(changed));
    });
  };
}
