import { buildApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const { app, context } = await buildApp({ config, adminPassword: process.env.QIMING_ADMIN_PASSWORD, logger: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(() => process.exit(0));
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Qiming on ${context.dialect}: site http://${config.host}:${config.port}/#/homePage, back-office http://${config.host}:${config.port}/#/login, API docs http://${config.host}:${config.port}/api/docs`,
);
