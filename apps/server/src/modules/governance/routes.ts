import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ConfigService } from './config/configService.ts';
import { ConfigListenerHub } from './config/listenerHub.ts';
import { configRoutes } from './config/routes.ts';
import { nacosHttpRoutes } from './nacos/nacosApi.ts';
import { nacosGrpcLifecycle } from './nacosGrpc/nacosGrpcLifecycle.ts';
import { guardNamespaces } from './namespaceGuard.ts';
import { namespaceGrantRoutes } from './namespaces/namespaceGrantRoutes.ts';
import { NamespaceService } from './namespaces/namespaceService.ts';
import { namespaceRoutes } from './namespaces/routes.ts';
import type { HealthSweeper } from './registry/healthSweeper.ts';
import { RegistryService } from './registry/registryService.ts';
import { registryRoutes } from './registry/routes.ts';

/**
 * The registry and config centre: back-office pages' API, the Nacos API, the health sweep and long
 * polling. The sweeper comes from the app, which hands it to tests to sweep on demand.
 */
export const governanceRoutes =
  (sweeper: HealthSweeper): FastifyPluginAsyncZod<AppContext> =>
  async (app, context) => {
    const namespaces = new NamespaceService(context);
    const registry = new RegistryService(context, (error) => app.log.warn({ err: error }, 'registry beats could not be shared'));
    const listeners = new ConfigListenerHub(context, context.cluster, (error) =>
      app.log.warn({ err: error }, 'config change log could not be read'),
    );
    await listeners.start();
    const configs = new ConfigService(context, listeners);
    await sweeper.start(registry.liveness);
    // Before the server stops accepting: held polls answer now rather than hold the close for 30 s.
    app.addHook('preClose', async () => {
      listeners.close();
      await sweeper.stop();
    });

    // Before the routes: each registry and config route asks for the caller's grant on its namespaces.
    guardNamespaces(app, context);
    for (const routes of [
      namespaceRoutes(namespaces),
      namespaceGrantRoutes(namespaces),
      registryRoutes(registry, namespaces),
      configRoutes(configs, namespaces),
      ...nacosHttpRoutes(registry, configs, namespaces),
      nacosGrpcLifecycle({ registry, configs, namespaces }),
    ]) {
      await app.register(routes, context);
    }
  };
