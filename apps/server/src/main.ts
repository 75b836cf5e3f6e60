import os from 'node:os';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const { app, context } = await buildApp({ config, adminPassword: process.env.QIMING_ADMIN_PASSWORD, logger: true });

// A graceful stop still reports the signal that ended the server (128 + its number), as a shell does.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(() => process.exit(128 + os.constants.signals[signal]));
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Qiming on ${context.dialect}: site http://${config.host}:${config.port}/#/homePage, back-office http://${config.host}:${config.port}/#/login, API docs http://${config.host}:${config.port}/api/docs`,
);
