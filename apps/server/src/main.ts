import os from 'node:os';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { buildGateway } from './modules/governance/gateway/gatewayServer.ts';

const config = readConfig();
const { app, context } = await buildApp({ config, adminPassword: process.env.QIMING_ADMIN_PASSWORD, logger: true });
const gateway = config.gatewayPort === null ? undefined : await buildGateway(context, { logger: true });

// A graceful stop still reports the signal that ended the server (128 + its number), as a shell does.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    // The gateway first: it reads the database and the cluster bus that closing the server releases.
    (gateway?.app.close() ?? Promise.resolve()).then(() => app.close()).then(() => process.exit(128 + os.constants.signals[signal]));
  });
}

await app.listen({ host: config.host, port: config.port });
if (gateway && config.gatewayPort !== null) {
  const address = await gateway.app.listen({ host: config.host, port: config.gatewayPort });
  app.log.info(`API gateway on ${address}`);
}
app.log.info(
  `Qiming on ${context.dialect}: site http://${config.host}:${config.port}/#/homePage, back-office http://${config.host}:${config.port}/#/login, API docs http://${config.host}:${config.port}/api/docs`,
);
