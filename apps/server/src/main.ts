import './v8Tuning.ts';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { buildGateway } from './modules/governance/gateway/gatewayServer.ts';
import { stopOnSignals } from './stopOnSignals.ts';

const config = readConfig();
const { app, context } = await buildApp({ config, adminPassword: process.env.QIMING_ADMIN_PASSWORD, logger: true });
const serverPort = () => {
  const address = app.server.address();
  return [typeof address === 'object' ? address?.port : undefined];
};
const gateway = config.gatewayPort === null ? undefined : await buildGateway(context, { logger: true, ownPorts: serverPort });

stopOnSignals({
  log: app.log,
  timeoutMs: config.shutdownTimeoutMs,
  // The gateway first: it reads the database and the cluster bus that closing the server releases.
  close: () => (gateway?.app.close() ?? Promise.resolve()).then(() => app.close()),
});

const address = await app.listen({ host: config.host, port: config.port });
if (gateway && config.gatewayPort !== null) {
  const address = await gateway.app.listen({ host: config.host, port: config.gatewayPort });
  app.log.info(`API gateway on ${address}`);
}
// The address listened on, not the one asked for: PORT=0 takes a free port, and this line names it.
app.log.info(`Qiming on ${context.dialect}: site ${address}/#/homePage, back-office ${address}/#/login, API docs ${address}/api/docs`);
