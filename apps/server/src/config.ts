import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  host: string;
  port: number;
  /** The API gateway's port on the same host; 0 picks a free one, `null` (`GATEWAY_PORT=off`) runs none. */
  gatewayPort: number | null;
  /** Nacos 2 clients' gRPC port (`NACOS_GRPC_PORT`): unset, the HTTP port + 1000 as they expect; `null` (`0`/`off`) runs none. */
  nacosGrpcPort?: number | null;
  production: boolean;
  /** Holds the SQLite file and uploads; ignored for the database when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl?: string;
  /** Shared state of several servers (pub/sub, listener directory, rate-limit counters); one process needs none. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel, so that installations can share one Redis. */
  redisPrefix: string;
  /** Built web app served at `/`; absent in API-only tests. */
  webDistDir?: string;
  logLevel: string;
  /** Requests per minute and client address to the public website API. */
  publicRateLimit: number;
  /** Password checks per minute for one user name from one address (token endpoint, Nacos credentials). */
  signInRateLimit: number;
  /** One-time sign-in keys per minute and client address. */
  loginKeyRateLimit: number;
  /** Which proxies in front are trusted to name the client's address, in Fastify's `trustProxy` forms. */
  trustProxy: boolean | number | string;
  /** How long a client may take to send a whole request, headers and body; long polls wait after it. */
  requestTimeoutMs: number;
  /** How long SIGTERM's graceful stop may take before the process exits regardless. */
  shutdownTimeoutMs: number;
  /** Open connections the server accepts at once; more are refused at the socket. */
  maxConnections: number;
  /** Client-error reports a minute for one signed-in user. */
  clientErrorRateLimit: number;
  /** Whether requests are counted for monitoring (`RECORD_FIGURES=off` only to measure what counting costs). */
  recordFigures: boolean;
  /** Days the per-minute monitoring history is kept. */
  monitorRetentionDays: number;
  /** Bearer token `/metrics` asks for; unset, `/metrics` is open. */
  metricsToken?: string;
  /** Where gateway routes may send requests (`GATEWAY_UPSTREAM_ALLOW`): names, wildcards, addresses, CIDRs. */
  gatewayUpstreamAllow: string[];
  /** Writes that fan out, a minute per account: workflow starts, task completions, form submissions, uploads. */
  accountQuotas: AccountQuotas;
  /** User names whose writes are not counted against those quotas (machine clients), `QUOTA_EXEMPT_USERS`. */
  quotaExemptUsers: string[];
}

export interface AccountQuotas {
  workflowStarts: number;
  taskCompletions: number;
  formSubmissions: number;
  uploads: number;
}

/** `TRUST_PROXY`: unset or `false` trusts none, `true` all, a number that many hops, else addresses or CIDRs. */
function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return number;
}

function gatewayPortSetting(value: string | undefined): number | null {
  if (value === 'off') return null;
  const port = Number(value || 3080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`GATEWAY_PORT must be a port number or off, got ${value}`);
  return port;
}

function nacosGrpcPortSetting(value: string | undefined): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'off' || value === '0') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`NACOS_GRPC_PORT must be a port number, 0 or off, got ${value}`);
  return port;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    gatewayPort: gatewayPortSetting(env.GATEWAY_PORT),
    nacosGrpcPort: nacosGrpcPortSetting(env.NACOS_GRPC_PORT),
    production: env.NODE_ENV === 'production',
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'qiming:',
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicRateLimit: positiveInteger(env.PUBLIC_RATE_LIMIT, 600, 'PUBLIC_RATE_LIMIT'),
    signInRateLimit: positiveInteger(env.SIGN_IN_RATE_LIMIT, 10, 'SIGN_IN_RATE_LIMIT'),
    loginKeyRateLimit: positiveInteger(env.LOGIN_KEY_RATE_LIMIT, 60, 'LOGIN_KEY_RATE_LIMIT'),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    requestTimeoutMs: positiveInteger(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS'),
    shutdownTimeoutMs: positiveInteger(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
    maxConnections: positiveInteger(env.MAX_CONNECTIONS, 10_000, 'MAX_CONNECTIONS'),
    clientErrorRateLimit: positiveInteger(env.CLIENT_ERROR_RATE_LIMIT, 30, 'CLIENT_ERROR_RATE_LIMIT'),
    recordFigures: env.RECORD_FIGURES !== 'off',
    monitorRetentionDays: positiveInteger(env.MONITOR_RETENTION_DAYS, 30, 'MONITOR_RETENTION_DAYS'),
    metricsToken: env.QIMING_METRICS_TOKEN || undefined,
    // The public internet unless set; internal networks only when listed (see UpstreamPolicy).
    gatewayUpstreamAllow: (env.GATEWAY_UPSTREAM_ALLOW ?? '0.0.0.0/0,::/0')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    // Well above what a person clicks in a minute, far below a script's flood.
    accountQuotas: {
      workflowStarts: positiveInteger(env.QUOTA_WORKFLOW_STARTS, 20, 'QUOTA_WORKFLOW_STARTS'),
      taskCompletions: positiveInteger(env.QUOTA_TASK_COMPLETIONS, 60, 'QUOTA_TASK_COMPLETIONS'),
      formSubmissions: positiveInteger(env.QUOTA_FORM_SUBMISSIONS, 30, 'QUOTA_FORM_SUBMISSIONS'),
      uploads: positiveInteger(env.QUOTA_UPLOADS, 60, 'QUOTA_UPLOADS'),
    },
    quotaExemptUsers: (env.QUOTA_EXEMPT_USERS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  };
}
