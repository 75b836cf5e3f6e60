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

const address = await app.listen({ host: config.host, port: config.port });
if (gateway && config.gatewayPort !== null) {
  const address = await gateway.app.listen({ host: config.host, port: config.gatewayPort });
  app.log.info(`API gateway on ${address}`);
}
// The address listened on, not the one asked for: PORT=0 takes a free port, and this line names it.
app.log.info(`Qiming on ${context.dialect}: site ${address}/#/homePage, back-office ${address}/#/login, API docs ${address}/api/docs`);
