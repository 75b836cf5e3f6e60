import { optionalText, ruledString } from '@qiming/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import { badRequest } from '../../../http/errors.ts';
import { writtenAnswerFigures } from '../../monitor/apiFigures.ts';
import type { ConfigService } from '../config/configService.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import { type ConfigOperations, configItemOf } from './configOperations.ts';
import { batchParams, keyParams, maxBatch, md5Pattern, publishParams, searchParams } from './configSchemas.ts';
import { type HeldPoll, HeldPolls } from './heldPolls.ts';
import { changedConfigsAnswer, parseListeningConfigs } from './listeningConfigs.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV1Refusals } from './nacosRefusal.ts';

const tags = ['nacos config'];
const maxHoldMs = 120_000;
const listenerRoute = '/nacos/v1/cs/configs/listener';

const listenParams = z.object({
  'Listening-Configs': z.string().min(1),
  tenant: ruledString(optionalText({ max: 64 })),
});

/**
 * The compare-and-set MD5 of a publish: the Java client sends it as a header, the open API documents it
 * as a parameter. One function for v1 and v2.
 */
export function casMd5Of(request: FastifyRequest, param: string | undefined): string | undefined {
  const header = request.headers.casmd5;
  if (param !== undefined || typeof header !== 'string' || header === '') return param;
  if (!md5Pattern.test(header)) throw badRequest('error.badInput', { field: 'casMd5', reason: header.slice(0, 64) });
  return header;
}

/** The Nacos v1 config API that the npm `nacos` client speaks, long polling included. */
export function nacosConfigRoutes(
  operations: ConfigOperations,
  configs: ConfigService,
  namespaces: NamespaceService,
): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    answerV1Refusals(app);
    const heldPolls = new HeldPolls(writtenAnswerFigures(context, 'POST', listenerRoute));

    app.get(
      '/nacos/v1/cs/configs',
      {
        config: { operation: 'registry:client' },
        schema: { tags, summary: 'The content of a config, or with `search` a page of configs' },
      },
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
            pageItems: page.records.map(configItemOf),
          };
        }
        const config = await operations.read(nacosParams(keyParams, request));
        reply.type('text/plain; charset=UTF-8').header('cache-control', 'no-cache');
        return reply.header('content-md5', config.md5).header('config-type', config.type).send(config.content);
      },
    );

    app.post(
      '/nacos/v1/cs/configs',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Publishes a config' } },
      async (request, reply) => {
        const params = nacosParams(publishParams, request);
        await operations.publish(params, request.caller.userName, casMd5Of(request, params.casMd5));
        return reply.type('text/plain; charset=UTF-8').send('true');
      },
    );

    // Configs of one group by data id; the ones that do not exist are left out.
    const batchGet = async (request: FastifyRequest) => {
      const params = nacosParams(batchParams, request);
      const dataIds = [...new Set(params.dataIds.split(',').map((dataId) => dataId.trim()))].filter((dataId) => dataId !== '');
      if (dataIds.length > maxBatch) throw badRequest('error.badInput', { field: 'dataIds', reason: `> ${maxBatch}` });
      const namespaceId = await namespaces.requireExisting(namespaceOf(params.tenant));
      const found = await Promise.all(dataIds.map((dataId) => configs.get({ namespaceId, group: params.group, dataId })));
      return found.filter((config) => config !== undefined).map(configItemOf);
    };
    app.get(
      '/nacos/v1/cs/configs/batchGet',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Configs of one group by data id' } },
      (request) => batchGet(request),
    );
    app.post(
      '/nacos/v1/cs/configs/batchGet',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Configs of one group by data id' } },
      (request) => batchGet(request),
    );

    app.delete(
      '/nacos/v1/cs/configs',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Removes a config' } },
      async (request, reply) => {
        await operations.remove(nacosParams(keyParams, request), request.caller.userName);
        return reply.type('text/plain; charset=UTF-8').send('true');
      },
    );

    app.post(
      listenerRoute,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Long poll for config changes' } },
      async (request, reply) => {
        const params = nacosParams(listenParams, request);
        const watched = parseListeningConfigs(params['Listening-Configs'], params.tenant);
        if (!watched) throw badRequest('error.listeningConfigs');
        for (const namespaceId of new Set(watched.map((config) => config.namespaceId))) await namespaces.requireExisting(namespaceId);
        const timeout = Number(request.headers['long-pulling-timeout'] ?? 0);
        // Answer half a second before the client gives up, as Nacos does, so the answer is not lost in flight.
        const holdMs = Number.isFinite(timeout) ? Math.min(Math.max(timeout - 500, 0), maxHoldMs) : 0;
        // A client that asks not to be hung up (its first poll, say) hears at once, changes or none.
        const noHangUp = String(request.headers['long-pulling-timeout-no-hangup'] ?? '').toLowerCase() === 'true';
        const client = { ip: request.ip, version: String(request.headers['client-version'] ?? '') };
        return new Promise<FastifyReply>((resolve, reject) => {
          let held: HeldPoll | undefined;
          configs.listeners.listen(watched, noHangUp ? 0 : holdMs, client, {
            onAbort: (abort) => reply.raw.once('close', abort),
            fail: reject,
            held: () => {
              held = heldPolls.hold(reply);
              resolve(reply);
            },
            answer: (changed) => {
              if (held) heldPolls.answer(held, changed);
              else
                resolve(
                  reply.type('text/plain; charset=UTF-8').header('cache-control', 'no-cache,no-store').send(changedConfigsAnswer(changed)),
                );
            },
          });
        });
      },
    );
  };
}
