// The floor of a config push for the governance benchmark, run as its own process: a bare node:http server
// that holds every request it is sent and, on `POST /change`, writes one prebuilt answer (the change's body)
// to every held connection in one synchronous pass, then answers the change. No routing, access check,
// config store or per-poll header: what is left is what any Node server pays to answer held requests, the
// socket writes and node:http's own bookkeeping, timed by the same lean clients as Qiming's push.
// PORT names the port; it prints `listening` once it does.
import http from 'node:http';

let held = [];

/**
 * Frees a connection whose answer was written straight to its socket for the client's next request: node:http
 * is told its header went out, so that `end()` writes nothing (as the server's nacos/heldPolls.ts does).
 */
function endWritten(response) {
  response._header = 'HTTP/1.1 200 OK\r\n\r\n';
  response._headerSent = true;
  response.end();
}

const server = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    if (request.url !== '/change') {
      held.push(response);
      return;
    }
    const text = Buffer.from(body, 'utf8');
    const answer = Buffer.concat([
      Buffer.from(
        `HTTP/1.1 200 OK\r\ncontent-type: text/plain; charset=UTF-8\r\nconnection: keep-alive\r\ncontent-length: ${text.length}\r\n\r\n`,
        'latin1',
      ),
      text,
    ]);
    const polls = held;
    held = [];
    for (const poll of polls) {
      poll.socket.write(answer);
      endWritten(poll);
    }
    response.end(String(polls.length));
  });
});
// The benchmark's rounds leave connections idle for a few seconds between a round's answers and the next polls.
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
