import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { WatchedConfig } from '../config/listenerHub.ts';
import { changedConfigsAnswer } from './listeningConfigs.ts';

/** The header that differs from poll to poll; every other header of a held answer is the same for all. */
const ownHeader = 'x-request-id';

/** A poll being held: its reply, and the bytes of its answer's start, made when it was held rather than in the pass. */
export class HeldPoll {
  constructor(
    readonly reply: FastifyReply,
    /** The answer's headers, for an answer node:http writes (see `direct`). */
    readonly headers: OutgoingHttpHeaders,
    /** The status line and the poll's own header. */
    readonly start: Buffer,
    /** Every other header but the date and the length: one Buffer shared by the polls that have the same. */
    readonly shared: Buffer,
    /** Whether the answer may go straight to the socket: a keep-alive HTTP/1.1 connection, not behind another answer. */
    readonly direct: boolean,
  ) {}
}

/** The answer's end for one change in one second: date, length and text, one Buffer written to every poll. */
interface AnsweredChange {
  echo: string;
  second: number;
  text: string;
  end: Buffer;
}

/**
 * Answers held long polls straight to their sockets. A change told to 10,000 held polls is 10,000 answers
 * written in one synchronous pass; through node:http each answer built its header block again (a dozen
 * security headers checked and joined) and ran its stream machinery, about half of a poll's cost in a CPU
 * profile, the other half being the socket write itself. So a poll's status line and headers are made
 * when it is held, the change's date, length and text once per change, and an answer is one corked write
 * of three Buffers. `count` keeps the API figures, which no hook counts for a hijacked reply.
 */
export class HeldPolls {
  private last: AnsweredChange | undefined;
  private lastShared: { text: string; bytes: Buffer } | undefined;

  constructor(private readonly count: (elapsedMs: number) => void) {}

  hold(reply: FastifyReply): HeldPoll {
    reply.hijack();
    const raw = reply.raw;
    const headers = {
      ...reply.getHeaders(),
      'content-type': 'text/plain; charset=UTF-8',
      'cache-control': 'no-cache,no-store',
    } as OutgoingHttpHeaders;
    const keepAliveMs = reply.server.server.keepAliveTimeout;
    let own = '';
    let shared = 'connection: keep-alive\r\n';
    if (keepAliveMs > 0) shared += `keep-alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n`;
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      const line = `${name}: ${Array.isArray(value) ? value.join(', ') : value}\r\n`;
      if (name === ownHeader) own += line;
      else shared += line;
    }
    // Held polls carry the same headers but their own: their bytes are kept once, not 10,000 times.
    if (this.lastShared?.text !== shared) this.lastShared = { text: shared, bytes: Buffer.from(shared, 'latin1') };
    const request = reply.request.raw;
    // An injected request (light-my-request) has no real socket: its answer goes through node:http's calls.
    const direct = request.httpVersion === '1.1' && raw.shouldKeepAlive && raw.socket instanceof Socket;
    return new HeldPoll(reply, headers, Buffer.from(`HTTP/1.1 200 OK\r\n${own}`, 'latin1'), this.lastShared.bytes, direct);
  }

  answer(poll: HeldPoll, changed: WatchedConfig[]): void {
    const raw = poll.reply.raw;
    // The client went away (its poll ends with it) or the server closed it.
    if (raw.destroyed || raw.writableEnded) return;
    const change = this.changeOf(changed);
    const socket = raw.socket;
    if (poll.direct && socket && !socket.destroyed) {
      socket.cork();
      socket.write(poll.start);
      socket.write(poll.shared);
      socket.write(change.end);
      socket.uncork();
      endWritten(raw);
    } else {
      raw.writeHead(200, poll.headers);
      raw.end(change.text);
    }
    this.count(poll.reply.elapsedTime);
  }

  private changeOf(changed: WatchedConfig[]): AnsweredChange {
    // Answers naming one config (or none: the hold ran out) are the same for every poll; others are made each.
    const echo = changed.length <= 1 ? (changed[0]?.echo ?? '') : undefined;
    const second = Math.floor(Date.now() / 1000);
    if (echo !== undefined && this.last?.echo === echo && this.last.second === second) return this.last;
    const text = changedConfigsAnswer(changed);
    const body = Buffer.from(text, 'utf8');
    const head = Buffer.from(`date: ${new Date(second * 1000).toUTCString()}\r\ncontent-length: ${body.length}\r\n\r\n`, 'latin1');
    const change = { echo: echo ?? '', second, text, end: Buffer.concat([head, body]) };
    if (echo !== undefined) this.last = change;
    return change;
  }
}

/**
 * Ends a response whose bytes were written straight to its socket: node:http is told its header went out,
 * so that `end()` writes nothing and only frees the connection for the client's next request (the
 * fields are node:http's own, the same in Node 20, 22 and 24).
 */
function endWritten(raw: ServerResponse): void {
  const response = raw as ServerResponse & { _header: string | null; _headerSent: boolean };
  response._header = 'HTTP/1.1 200 OK\r\n\r\n';
  response._headerSent = true;
  raw.end();
}
