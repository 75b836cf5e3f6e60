import type { FastifyReply } from 'fastify';
import type { WatchedConfig } from '../config/listenerHub.ts';
import { changedConfigsAnswer } from './listeningConfigs.ts';

/**
 * Answers held long polls straight to their connections. A change told to 10,000 held polls is 10,000
 * writes of one text; through Fastify's reply each also ran its hooks, header handling and serializer
 * in its own promise turn. A poll's reply is hijacked once it is held, and its headers (Fastify's, such
 * as the request id, and the answer's type) are set on the raw response then, so that an answer is one
 * `end`. `count` keeps the API figures, which no hook counts for a hijacked reply.
 */
export class HeldPolls {
  /** The last answer's text, for the configs it named: a change answers every poll with the same text. */
  private last: { echo: string; text: string } | undefined;

  constructor(private readonly count: (elapsedMs: number) => void) {}

  hold(reply: FastifyReply): void {
    reply.hijack();
    const raw = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.setHeader('content-type', 'text/plain; charset=UTF-8');
    raw.setHeader('cache-control', 'no-cache,no-store');
  }

  answer(reply: FastifyReply, changed: WatchedConfig[]): void {
    const raw = reply.raw;
    // The client went away (its poll ends with it) or the server closed it.
    if (raw.destroyed || raw.writableEnded) return;
    raw.end(this.textOf(changed));
    this.count(reply.elapsedTime);
  }

  private textOf(changed: WatchedConfig[]): string {
    const only = changed.length === 1 ? changed[0] : undefined;
    if (!only) return changedConfigsAnswer(changed);
    if (this.last?.echo !== only.echo) this.last = { echo: only.echo, text: changedConfigsAnswer(changed) };
    return this.last.text;
  }
}
