// A lean HTTP client for the governance benchmark, run as its own process (forked, several side by side):
// it holds many keep-alive connections on raw `net` sockets, writes one prebuilt request on each, and
// notes the wall time at which each answer is complete. It parses only the status line, the header end and
// the content length, so that receiving 10,000 answers costs it as little as Node allows; it reports its own
// CPU from the moment it is told to start the clock, so that a reader can judge how much it took from the
// server. Commands come over the IPC channel:
//   { connect: { port, count, batch, everyMs } }  opens `count` connections, `batch` every `everyMs`
//   { send: { request, expect, clock } }          writes `request` on each; `clock` starts the clock now
//   { arm: true }                                 starts the clock (held requests, answered on a change)
//   { close: true }
// and it reports { connected }, { sent }, { armed }, then { answers: { startedAt, arrivals, cpuSeconds } }
// once every connection is answered, or { error } (an answer without `expect`, or not 200, or one early).
import net from 'node:net';

const wallNow = () => performance.timeOrigin + performance.now();
const headerEnd = '\r\n\r\n';
const sockets = [];
let round;

function report(message) {
  process.send(message);
}

/** The answer so far on one connection is complete: its headers and `content-length` bytes after them. */
function complete(text) {
  const end = text.indexOf(headerEnd);
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
  if (!length) return text.endsWith('0\r\n\r\n');
  return Buffer.byteLength(text.slice(end + headerEnd.length)) >= Number(length[1]);
}

function answered(text) {
  if (!round?.armed) {
    report({ error: `answered before the change: ${text.slice(0, 200)}` });
    return;
  }
  if (!text.startsWith('HTTP/1.1 200') || !text.includes(round.expect)) report({ error: `a wrong answer: ${text.slice(0, 300)}` });
  round.arrivals.push(wallNow());
  if (round.arrivals.length === sockets.length) {
    const cpu = process.cpuUsage(round.cpu);
    report({ answers: { startedAt: round.startedAt, arrivals: round.arrivals, cpuSeconds: (cpu.user + cpu.system) / 1e6 } });
    round = undefined;
  }
}

function open(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
      if (!complete(text)) return;
      const whole = text;
      text = '';
      answered(whole);
    });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
    socket.on('error', (error) => report({ error: `a connection failed: ${error}` }));
  });
}

async function connect({ port, count, batch, everyMs }) {
  for (let start = 0; start < count; start += batch) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
    const opened = await Promise.all(Array.from({ length: Math.min(batch, count - start) }, () => open(port)));
    sockets.push(...opened);
  }
}

function startClock() {
  round.armed = true;
  round.startedAt = wallNow();
  round.cpu = process.cpuUsage();
}

process.on('message', (command) => {
  if (command.connect) {
    connect(command.connect).then(
      () => report({ connected: sockets.length }),
      (error) => report({ error: String(error) }),
    );
  } else if (command.send) {
    const { request, expect, clock } = command.send;
    round = { expect, arrivals: [], armed: false };
    if (clock) startClock();
    const bytes = Buffer.from(request, 'latin1');
    for (const socket of sockets) socket.write(bytes);
    report({ sent: true });
  } else if (command.arm) {
    startClock();
    report({ armed: true });
  } else if (command.close) {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
