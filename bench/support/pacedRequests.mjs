// A lean HTTP client that sends requests at a steady rate, run as its own process (forked, several side by
// side), for the governance benchmark's heartbeats: an in-process Agent falls behind on a loaded machine,
// opens ever more sockets and then times connection churn instead of requests. It holds `count` keep-alive
// connections on raw `net` sockets, writes prebuilt requests in turn over them (pipelined when an answer is
// late) and parses only the status line, the header end and the content length. Commands over IPC:
//   { connect: { port, count } }                  opens `count` connections, 250 at a time
//   { pace: { requests, rate, seconds, warmSeconds } }
//       sends requests[n % length] at `rate` a second for `seconds`, the first `warmSeconds` not counted
//   { close: true }
// and it reports { connected }, { warmed } when the counted part starts, then { paced: { answered, failures,
// latencies, cpuSeconds } } of the counted part once every request sent is answered.
import net from 'node:net';

const sockets = [];
let portOfServer;
let run;

/** One answer's length in `text` from its start, or 0 while it is incomplete. */
function answerLength(text) {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return 0;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
  const total = end + 4 + Number(length?.[1] ?? 0);
  return text.length >= total ? total : 0;
}

function answered(text, sentAt) {
  if (!run) return;
  run.answered++;
  if (!run.warm) return reportWhenDone();
  run.latencies.push(performance.now() - sentAt);
  if (!text.startsWith('HTTP/1.1 200')) run.failures++;
  reportWhenDone();
}

function reportWhenDone() {
  if (run.sending || run.answered < run.sent) return;
  const cpu = process.cpuUsage(run.cpu);
  const { failures, latencies } = run;
  process.send({ paced: { answered: latencies.length, failures, latencies, cpuSeconds: (cpu.user + cpu.system) / 1e6 } });
  run = undefined;
}

/**
 * A keep-alive connection; the promise resolves once it is open. The server closes one left idle past its
 * keep-alive time (between the runs), so a closed one is opened again when next written to; a request it
 * took and never answered counts as a failure.
 */
function open(port) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
  // Send times of the requests this connection has not had answered yet, oldest first.
  socket.waiting = [];
  let text = '';
  // latin1: one character a byte, so that content-length counts characters.
  socket.setEncoding('latin1');
  socket.on('data', (chunk) => {
    text += chunk;
    for (let length = answerLength(text); length > 0; length = answerLength(text)) {
      const answer = text.slice(0, length);
      text = text.slice(length);
      answered(answer, socket.waiting.shift());
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    for (const sentAt of socket.waiting.splice(0)) answered('', sentAt);
  });
  const opened = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, opened };
}

async function connect({ port, count }) {
  portOfServer = port;
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, () => open(port));
    await Promise.all(batch.map(({ opened }) => opened));
    sockets.push(...batch.map(({ socket }) => socket));
  }
}

/** The n-th connection, opened again if the server has closed it. */
function connection(n) {
  const index = n % sockets.length;
  if (sockets[index].destroyed) sockets[index] = open(portOfServer).socket;
  return sockets[index];
}

function pace({ requests, rate, seconds, warmSeconds }) {
  const bytes = requests.map((request) => Buffer.from(request, 'latin1'));
  run = { sent: 0, answered: 0, failures: 0, latencies: [], sending: true, warm: false };
  const started = performance.now();
  const tick = () => {
    const elapsed = performance.now() - started;
    if (!run.warm && elapsed >= warmSeconds * 1000) {
      run.warm = true;
      run.cpu = process.cpuUsage();
      process.send({ warmed: true });
    }
    const due = Math.floor(Math.min(elapsed / 1000, seconds) * rate);
    for (; run.sent < due; run.sent++) {
      const socket = connection(run.sent);
      socket.waiting.push(performance.now());
      socket.write(bytes[run.sent % bytes.length]);
    }
    if (elapsed < seconds * 1000) return setTimeout(tick, 5);
    run.sending = false;
    reportWhenDone();
  };
  tick();
}

process.on('message', (command) => {
  if (command.connect) {
    connect(command.connect).then(
      () => process.send({ connected: sockets.length }),
      (error) => process.send({ error: String(error) }),
    );
  } else if (command.pace) {
    pace(command.pace);
  } else if (command.close) {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
