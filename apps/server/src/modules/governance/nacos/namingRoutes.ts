import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV1Refusals } from './nacosRefusal.ts';
import type { NamingOperations } from './namingOperations.ts';
import {
  beatParams,
  deregisterParams,
  healthParams,
  listParams,
  metadataBatchParams,
  registerParams,
  serviceListParams,
  serviceParams,
  serviceWriteParams,
} from './namingSchemas.ts';

const tags = ['nacos naming'];

/** The Nacos v1 naming API that the npm `nacos` client speaks; answers are Nacos' own shapes, not the envelope. */
export function namingRoutes(naming: NamingOperations): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    answerV1Refusals(app);
    const done = 'ok';

    app.post(
      '/nacos/v1/ns/instance',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Registers an instance' } },
      async (request) => {
        await naming.register(nacosParams(registerParams, request));
        return done;
      },
    );
    app.get('/nacos/v1/ns/instance', { config: { operation: 'registry:client' }, schema: { tags, summary: 'One instance' } }, (request) =>
      naming.instanceDetail(nacosParams(deregisterParams, request)),
    );
    app.put(
      '/nacos/v1/ns/instance',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Updates an instance' } },
      async (request) => {
        await naming.update(nacosParams(registerParams, request));
        return done;
      },
    );
    app.delete(
      '/nacos/v1/ns/instance',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Deregisters an instance' } },
      async (request) => {
        await naming.deregister(nacosParams(deregisterParams, request));
        return done;
      },
    );
    app.put(
      '/nacos/v1/ns/instance/beat',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Heartbeat of an ephemeral instance' } },
      (request) => naming.beat(requestParams(request), () => nacosParams(beatParams, request)),
    );
    app.get(
      '/nacos/v1/ns/instance/list',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Instances of a service' } },
      (request) => naming.serviceInfo(nacosParams(listParams, request)),
    );
    app.put(
      '/nacos/v1/ns/instance/metadata/batch',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Adds metadata to instances' } },
      (request) => naming.changeMetadata(nacosParams(metadataBatchParams, request), 'merge'),
    );
    app.delete(
      '/nacos/v1/ns/instance/metadata/batch',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Removes metadata keys from instances' } },
      (request) => naming.changeMetadata(nacosParams(metadataBatchParams, request), 'remove'),
    );
    app.put(
      '/nacos/v1/ns/health/instance',
      { config: { operation: 'registry:client' }, schema: { tags, summary: "Sets a persistent instance's health" } },
      async (request) => {
        const params = nacosParams(healthParams, request);
        await naming.setHealth({ ...params, healthy: params.healthy ?? params.valid });
        return done;
      },
    );

    app.get('/nacos/v1/ns/service', { config: { operation: 'registry:client' }, schema: { tags, summary: 'One service' } }, (request) =>
      naming.serviceDetail(nacosParams(serviceParams, request)),
    );
    app.post(
      '/nacos/v1/ns/service',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Creates a service' } },
      async (request) => {
        await naming.createService(request.caller, nacosParams(serviceWriteParams, request));
        return done;
      },
    );
    app.put(
      '/nacos/v1/ns/service',
      { config: { operation: 'registry:client' }, schema: { tags, summary: "Changes a service's protect threshold and metadata" } },
      async (request) => {
        await naming.updateService(request.caller, nacosParams(serviceWriteParams, request));
        return done;
      },
    );
    app.delete(
      '/nacos/v1/ns/service',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Removes a service without instances' } },
      async (request) => {
        await naming.removeService(request.caller, nacosParams(serviceParams, request));
        return done;
      },
    );
    app.get(
      '/nacos/v1/ns/service/list',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Service names of a namespace and group' } },
      async (request) => {
        const page = await naming.serviceNames(nacosParams(serviceListParams, request));
        return { count: page.count, doms: page.names };
      },
    );
  };
}
