import type { FormSubmission } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { readOutbound } from '../alarms/alarmDelivery.ts';
import { postJson } from '../outbound/postJson.ts';
import { recordPostOutcome } from './formRepo.ts';

/** What the receiving system gets: the form, the version the values were checked against, and the values. */
export interface PostedSubmission {
  form: { id: number; name: string; action: string; version: number };
  submission: Pick<FormSubmission, 'id' | 'submittedBy' | 'submittedByName' | 'submittedAt' | 'values'>;
}

/** The host of the form's url as its designer wrote it: never an address it resolved to. */
const hostOf = (url: string) =>
  URL.canParse(url) ? new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '') : 'an invalid url';

/** The outbound module's reasons that name no address, as they are; any other (a socket's own message) is "no answer". */
function shortReason(reason: unknown): string {
  const text = String(reason);
  if (/^HTTP \d{3}$/.test(text)) return text;
  if (text.startsWith('no answer within')) return 'timed out';
  if (text.startsWith('more than')) return 'too many redirects';
  if (text === 'redirected to a URL that is not http or https' || text === 'not an http or https URL') return text;
  return 'no answer';
}

/**
 * Why posting on failed, as the submissions page shows it to anyone who reads submissions: the host and
 * a short reason, in English (the server's language, like an alarm delivery's). Never a resolved address
 * or a raw network error: those map our internal network for whoever reads the list.
 */
function failureOf(url: string, error: unknown): string {
  const host = hostOf(url);
  if (error instanceof AppError && error.messageKey === 'error.outboundRefused') {
    return error.params.host === host ? `${host}: refused by the allow-list` : `${host}: a redirect was refused by the allow-list`;
  }
  if (error instanceof AppError && error.messageKey === 'error.outboundFailed') return `${host}: ${shortReason(error.params.reason)}`;
  return `${host}: no answer`;
}

/** Posting on in flight at once in this process: a filler flooding submissions waits in line instead of opening sockets. */
const maxInFlight = 4;
let inFlight = 0;
const waiting: Array<() => void> = [];

/** Runs `task` when fewer than `maxInFlight` run; a finished task hands its place to the longest waiting. */
async function inTurn(task: () => Promise<void>): Promise<void> {
  if (inFlight < maxInFlight) inFlight += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

/**
 * Posts a stored submission on to its form's url and writes the outcome on it. It runs after the
 * submission commits and is not awaited by the request: the filler's submission is acknowledged once
 * kept, whatever the receiver does. At most `maxInFlight` postings run at once; the rest wait in memory
 * in order. The outbound module checks the admin allow-list, bounds each attempt and tries three times
 * with backoff; a receiver that stays down leaves the submission `failed` with the reason, and one
 * interrupted by a restart (running or waiting) stays `pending`, both visible on the submissions page.
 */
export function postOn(db: Kysely<Database>, url: string, body: PostedSubmission) {
  const deliver = async () => {
    try {
      const { policy } = await readOutbound(db);
      await postJson(policy, url, body, { headers: { 'X-Qiming-Form': String(body.form.id) } });
      await recordPostOutcome(db, body.submission.id, 'posted', null);
    } catch (error) {
      await recordPostOutcome(db, body.submission.id, 'failed', failureOf(url, error));
    }
  };
  // Nothing awaits it: a failure to even record the outcome must not become an unhandled rejection.
  void inTurn(deliver).catch(() => undefined);
}
