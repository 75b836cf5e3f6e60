import { formatMessage, type OutboundSettingsInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { signatureHeader, signBody } from '../outbound/bodySignature.ts';
import { OutboundPolicy } from '../outbound/outboundPolicy.ts';
import { postJson } from '../outbound/postJson.ts';
import { sendMail } from '../outbound/sendMail.ts';
import { mailOf, webhookPayload } from './alarmMessages.ts';
import { findReceiver, type StoredReceiver } from './alarmRepo.ts';
import { dueDeliveries, updateDelivery } from './eventRepo.ts';
import { readOutboundSettings } from './outboundSettings.ts';

/** Attempts of one delivery before it is given up as failed, the first retry after 10 s, then doubling. */
const maxAttempts = 5;
const firstRetryMs = 10_000;
const batch = 20;

type Phase = 'firing' | 'resolved';

/** The outbound settings and the allow-list's policy, read once for a round of sending. */
export interface Outbound {
  settings: OutboundSettingsInput;
  policy: OutboundPolicy;
}

export async function readOutbound(db: Kysely<Database>): Promise<Outbound> {
  const settings = await readOutboundSettings(db);
  return { settings, policy: new OutboundPolicy(settings.allowList) };
}

/** Sends one alarm phase to an e-mail or webhook receiver; throws when it could not. */
export async function sendToReceiver(
  { settings, policy }: Outbound,
  receiver: StoredReceiver,
  message: { webhook: unknown; mail: { subject: string; text: string } },
  eventId: number,
): Promise<void> {
  if (receiver.kind === 'email') {
    await sendMail(policy, settings, { to: receiver.emails, ...message.mail }, { attempts: 1 });
    return;
  }
  const body = JSON.stringify(message.webhook);
  const headers: Record<string, string> = { 'X-Qiming-Event': String(eventId) };
  if (receiver.secret) headers[signatureHeader] = signBody(receiver.secret, body);
  await postJson(policy, receiver.url, message.webhook, { headers, attempts: 1 });
}

/**
 * Sends the deliveries that are due, each once per call: kept in the database from the moment the
 * alarm fired or resolved, so a restart or a lost lease loses none; a failure is tried again later with
 * a growing wait, and given up after five attempts.
 */
export async function deliverDue(db: Kysely<Database>, now: () => number): Promise<void> {
  const due = await dueDeliveries(db, now(), batch);
  if (due.length === 0) return;
  // Settings changed during a round apply from the next one, a second later.
  const outbound = await readOutbound(db);
  for (const delivery of due) {
    const attempts = Number(delivery.attempts) + 1;
    const receiver = await findReceiver(db, Number(delivery.receiver_id));
    const event = await db.selectFrom('alarm_event').selectAll().where('id', '=', delivery.event_id).executeTakeFirst();
    try {
      if (!receiver || !event) throw new Error('the receiver was deleted');
      const phase = delivery.phase as Phase;
      await sendToReceiver(outbound, receiver, { webhook: webhookPayload(event, phase), mail: mailOf(event, phase) }, Number(event.id));
      await updateDelivery(db, Number(delivery.id), { status: 'sent', attempts, error: null, next_attempt_at: now(), updated_at: now() });
    } catch (error) {
      // Kept in English, the server's language: the history shows it to whoever reads it.
      const reason = (
        error instanceof AppError
          ? formatMessage(error.messageKey, 'en', error.params)
          : error instanceof Error
            ? error.message
            : String(error)
      ).slice(0, 500);
      await updateDelivery(db, Number(delivery.id), {
        status: attempts >= maxAttempts || !receiver ? 'failed' : 'pending',
        attempts,
        error: reason,
        next_attempt_at: now() + firstRetryMs * 2 ** (attempts - 1),
        updated_at: now(),
      });
    }
  }
}
