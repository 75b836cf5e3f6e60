import './v8Tuning.ts';
import { openCluster } from './cluster/openCluster.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { pendingMigrations } from './db/migrate.ts';
import { buildGateway } from './modules/governance/gateway/gatewayServer.ts';
import { ProcessMonitor } from './modules/monitor/processMonitor.ts';
import { TrafficMeter } from './modules/monitor/trafficMeter.ts';
import { stopOnSignals } from './stopOnSignals.ts';

/**
 * The API gateway as a process of its own (`npm run gateway`), to scale it apart from the server: it
 * reads the routes and rules of the servers' database and hears their changes through Redis. Of the
 * database it writes only its own per-minute traffic figures; the server brings the schema up to date,
 * so it must have started once.
 */
const config = readConfig();
if (!config.redisUrl) {
  console.error('A gateway of its own hears route and rule changes through Redis: set REDIS_URL as the servers have it.');
  process.exit(1);
}
const handle = openDatabase(config);
const pending = await pendingMigrations(handle.db, handle.dialect);
if (pending.length > 0) {
  console.error(`${handle.describe} is not ready (${pending.length} migrations to run): start a Qiming server on it first.`);
  await handle.db.destroy();
  process.exit(1);
}
const cluster = await openCluster(config);
const traffic = new TrafficMeter();
const gateway = await buildGateway({ config, db: handle.db, cluster, traffic, now: Date.now }, { logger: true });
// The gateway's figures reach the servers' monitoring through the cluster, and its minutes the database.
const monitor = new ProcessMonitor(handle.db, cluster, traffic, handle.poolStats);
const monitorTimer = setInterval(() => {
  monitor.tick(Date.now()).catch((error) => gateway.app.log.warn(error, 'monitor: a second was lost'));
}, 1000);
gateway.app.addHook('preClose', async () => {
  clearInterval(monitorTimer);
  await monitor.flush(Date.now());
});

stopOnSignals({
  log: gateway.app.log,
  timeoutMs: config.shutdownTimeoutMs,
  close: () => gateway.app.close().then(() => Promise.all([cluster.close(), handle.db.destroy()])),
});

const address = await gateway.app.listen({ host: config.host, port: config.gatewayPort ?? 3080 });
gateway.app.log.info(`API gateway on ${address} (${handle.describe})`);
