import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  /** The server's own address, when the process is a server (`main`). */
  url: string;
  /** The API gateway's address, when the process runs one. */
  gatewayUrl: string;
  process: ChildProcess;
  /** What the process has printed lately, for a failure's message. */
  output(): string;
  /** SIGTERM, then the exit; resolves at once for a process that has ended. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Node's flags and the entry to run (a built one, `dist/main.js` or `dist/gateway.js`). */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Whether the process is ready once the gateway's address is known (a gateway of its own) or the server's. */
  readyWith: 'server' | 'gateway';
  /** How long the process may take to print its address (default 60 s). */
  startTimeoutMs?: number;
}

const keptLines = 60;
const serverLine = /Qiming on \w+: site (http:\/\/\S+?)\/#\/homePage/;
const gatewayLine = /API gateway on (http:\/\/[^\s)"]+)/;

/**
 * A Qiming server or gateway process on ports the system picks (PORT=0, GATEWAY_PORT=0): a port
 * probed free and then handed over could be taken meanwhile, for one by an outgoing connection. Each
 * address is read from the line the process logs once it listens on it.
 */
export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'info',
      // Suites' upstreams listen on loopback, which a gateway reaches only when its allow-list names it.
      GATEWAY_UPSTREAM_ALLOW: '0.0.0.0/0,::/0,127.0.0.0/8,::1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const found = { url: '', gatewayUrl: '' };
  const server: ServerProcess = {
    get url() {
      return found.url;
    },
    get gatewayUrl() {
      return found.gatewayUrl;
    },
    process: child,
    output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  return new Promise((resolve, reject) => {
    const startTimeoutMs = options.startTimeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${options.args.at(-1)} did not start within ${startTimeoutMs / 1000} s:\n${output()}`));
    }, startTimeoutMs);
    /** Lines of one stream; a chunk may end inside a line. */
    const reader = () => {
      let partial = '';
      return (chunk: Buffer) => {
        const complete = (partial + chunk.toString()).split('\n');
        partial = complete.pop() ?? '';
        take(complete);
      };
    };
    const take = (complete: string[]) => {
      for (const line of complete) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > keptLines) lines.shift();
        found.url ||= serverLine.exec(line)?.[1] ?? '';
        found.gatewayUrl ||= gatewayLine.exec(line)?.[1] ?? '';
      }
      if (options.readyWith === 'server' ? found.url : found.gatewayUrl) {
        clearTimeout(timer);
        resolve(server);
      }
    };
    child.stdout.on('data', reader());
    child.stderr.on('data', reader());
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.args.at(-1)} exited with ${code ?? signal} while starting:\n${output()}`));
    });
  });
}
