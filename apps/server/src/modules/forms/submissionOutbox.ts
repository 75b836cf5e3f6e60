import type { FormSubmission } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { ClaimingPoller } from '../../cluster/claimingPoller.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { readOutbound } from '../alarms/alarmDelivery.ts';
import { postJson } from '../outbound/postJson.ts';
import { claimPost, findForm, findSubmission, pendingPosts, recordPostOutcome } from './formRepo.ts';

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

/** How long a claim keeps other processes off a submission while it is posted (three attempts with backoff fit). */
const claimMs = 120_000;

/**
 * Posts kept submissions on to their form's url and writes the outcome on each. It runs after the
 * submission commits and is not awaited by the request: the filler's submission is acknowledged once
 * kept, whatever the receiver does. Pending submissions are the outbox: every process polls it each
 * second (and at once after a submission), claims each before posting, and posts at most four at once,
 * so a flood of submissions waits in the database, not in memory, and one a restart interrupted is
 * posted by the next poll (a receiver may then see it twice: it should be idempotent on the submission
 * id). The outbound module checks the admin allow-list, bounds each attempt and tries three times with
 * backoff; a receiver that stays down leaves the submission `failed` with the reason.
 */
export class SubmissionOutbox extends ClaimingPoller<{ id: number; form_id: number }> {
  constructor(context: AppContext, onError: (error: unknown) => void) {
    const { db } = context;
    super(
      () => context.now(),
      {
        due: (now, limit) => pendingPosts(db, now, limit),
        claim: (item, now) => claimPost(db, item.id, now, claimMs),
        run: (item) => postOne(db, item.form_id, item.id),
      },
      { pollMs: 1000, batch: 8, concurrency: 4 },
      onError,
    );
  }
}

async function postOne(db: Kysely<Database>, formId: number, id: number): Promise<void> {
  const form = await findForm(db, formId);
  const submission = await findSubmission(db, formId, 'all', id);
  if (!form || !submission) return;
  if (!form.url) {
    await recordPostOutcome(db, id, 'failed', 'the form no longer has a url');
    return;
  }
  const body: PostedSubmission = {
    form: { id: form.id, name: form.name, action: form.action, version: submission.version },
    submission: {
      id: submission.id,
      submittedBy: submission.submittedBy,
      submittedByName: submission.submittedByName,
      submittedAt: submission.submittedAt,
      values: submission.values,
    },
  };
  try {
    const { policy } = await readOutbound(db);
    await postJson(policy, form.url, body, { headers: { 'X-Qiming-Form': String(form.id) } });
    await recordPostOutcome(db, id, 'posted', null);
  } catch (error) {
    await recordPostOutcome(db, id, 'failed', failureOf(form.url, error));
  }
}
