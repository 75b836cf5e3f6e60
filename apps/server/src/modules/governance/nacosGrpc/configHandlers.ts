import { configKeyText } from '../config/configRepo.ts';
import type { ConfigService } from '../config/configService.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import type { ConfigPushes } from './configPushes.ts';
import type { GrpcCall, GrpcHandler } from './grpcCall.ts';
import { errorCodes, failure } from './payload.ts';
import {
  configBatchListenRequest,
  configPublishRequest,
  configQueryRequest,
  configRemoveRequest,
  configTypeOf,
  parsedBody,
} from './requestSchemas.ts';

/** Nacos's answer to a compare-and-set publish that finds another MD5 (or no config). */
const casRefused = 'Cas publish fail, server md5 may have changed.';

/** The config requests of the Nacos 2 clients, by their type, with the response type each answers. */
export function configHandlers(
  configs: ConfigService,
  namespaces: NamespaceService,
  pushes: ConfigPushes,
): Record<string, { response: string; handle: GrpcHandler }> {
  const keyOf = async (request: { dataId: string; group: string; tenant: string }) => ({
    namespaceId: await namespaces.requireExisting(namespaceOf(request.tenant)),
    group: request.group,
    dataId: request.dataId,
  });

  const query = async ({ body, language }: GrpcCall) => {
    const request = parsedBody(configQueryRequest, body, language);
    const config = await configs.get(await keyOf(request));
    if (!config) return failure(body.requestId, errorCodes.configNotFound, 'config data not exist');
    return {
      content: config.content,
      encryptedDataKey: '',
      contentType: config.type,
      md5: config.md5,
      lastModified: config.updatedAt,
      beta: false,
      tag: null,
    };
  };

  const publish = async ({ body, caller, language }: GrpcCall) => {
    const request = parsedBody(configPublishRequest, body, language);
    const additions = request.additionMap ?? {};
    const written = await configs.publish(
      {
        ...(await keyOf(request)),
        content: request.content,
        type: configTypeOf(additions.type),
        appName: additions.appName ?? '',
        description: additions.desc ?? '',
        tags: additions.config_tags ?? '',
      },
      caller.userName,
      request.casMd5,
    );
    return written ? {} : failure(body.requestId, errorCodes.serverError, casRefused);
  };

  const remove = async ({ body, caller, language }: GrpcCall) => {
    const request = parsedBody(configRemoveRequest, body, language);
    await configs.remove(await keyOf(request), caller.userName);
    return {};
  };

  /** Listens (or stops) and answers with the configs whose MD5 already differs from the client's. */
  const batchListen = async ({ body, connection, language }: GrpcCall) => {
    const request = parsedBody(configBatchListenRequest, body, language);
    const listened = [];
    for (const context of request.configListenContexts) listened.push({ context, key: await keyOf(context) });
    if (!request.listen) {
      for (const { key } of listened) pushes.stopListening(connection, key);
      return { changedConfigs: [] };
    }
    for (const { context, key } of listened) pushes.listen(connection, key, { ...context, md5: context.md5.toLowerCase() });
    // Listening first, then comparing: a change landing in between is pushed rather than lost.
    const current = await configs.currentMd5s(listened.map(({ key }) => key));
    const changedConfigs = listened
      .filter(({ context, key }) => (current.get(configKeyText(key)) ?? '') !== context.md5.toLowerCase())
      .map(({ context }) => ({ group: context.group, dataId: context.dataId, tenant: context.tenant }));
    return { changedConfigs };
  };

  return {
    ConfigQueryRequest: { response: 'ConfigQueryResponse', handle: query },
    ConfigPublishRequest: { response: 'ConfigPublishResponse', handle: publish },
    ConfigRemoveRequest: { response: 'ConfigRemoveResponse', handle: remove },
    ConfigBatchListenRequest: { response: 'ConfigChangeBatchListenResponse', handle: batchListen },
  };
}
