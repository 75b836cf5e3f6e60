// The floor of any Node gateway on this machine: node:http in, an undici pool out, the answer piped back,
// with no routing, rules, counting or header rewriting. The gateway benchmark runs it beside nginx to show
// how much of nginx's throughput a proxy written in Node can reach at all.
import http from 'node:http';
import { Pool } from 'undici';

const upstream = new Pool(process.env.UPSTREAM, { connections: 128, pipelining: 1 });
const server = http.createServer((request, response) => {
  upstream.stream(
    { path: '/hello', method: request.method, headers: { 'x-forwarded-for': request.socket.remoteAddress } },
    ({ statusCode, headers }) => {
      response.writeHead(statusCode, { 'content-type': headers['content-type'], 'content-length': headers['content-length'] });
      return response;
    },
    (error) => {
      if (error && !response.headersSent) response.writeHead(502).end();
    },
  );
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
