import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { type GovernanceServices, NacosGrpcServer } from './nacosGrpcServer.ts';

/** Where Nacos 2 clients look for gRPC: their server's HTTP port + 1000. */
export const grpcPortOffset = 1000;

/**
 * Runs the Nacos gRPC server beside the HTTP server: it starts once the HTTP server listens (on the
 * configured port, else the HTTP port + 1000) and stops before the HTTP server closes, its connections
 * ended and their ephemeral instances deregistered. A server built without listening (tests through
 * `inject`) runs none.
 */
export function nacosGrpcLifecycle(services: GovernanceServices): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    const setting = context.config.nacosGrpcPort;
    if (setting === null) return;
    let grpcServer: NacosGrpcServer | undefined;
    app.addHook('onListen', async () => {
      const address = app.server.address();
      const httpPort = typeof address === 'object' && address ? address.port : context.config.port;
      // A server asked for any free port (PORT=0) takes any free one for gRPC too, and logs it.
      const port = setting ?? (context.config.port === 0 ? 0 : httpPort + grpcPortOffset);
      const server = new NacosGrpcServer(context, services, app.log);
      try {
        const bound = await server.listen(context.config.host, port);
        grpcServer = server;
        app.log.info(`Nacos gRPC on ${context.config.host}:${bound}`);
      } catch (error) {
        // The HTTP API stays up: Nacos 1 clients and the back-office do not need gRPC.
        await server.close();
        app.log.error({ err: error }, `Nacos gRPC could not listen on port ${port}`);
      }
    });
    app.addHook('preClose', async () => {
      await grpcServer?.close();
    });
  };
}
