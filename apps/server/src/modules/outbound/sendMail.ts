import { isIP } from 'node:net';
import type { OutboundSettingsInput } from '@qiming/shared';
import { AppError } from '../../http/errors.ts';
import { loadOnFirstUse } from '../../http/loadOnFirstUse.ts';
import type { OutboundPolicy } from './outboundPolicy.ts';
import { retrying } from './retrying.ts';

const loadNodemailer = loadOnFirstUse(() => import('nodemailer'));

export type SmtpSettings = Pick<OutboundSettingsInput, 'smtpHost' | 'smtpPort' | 'smtpSecure' | 'smtpUser' | 'smtpPassword' | 'smtpFrom'>;

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface SendMailOptions {
  /** For connecting, for the server's greeting and for each later answer. */
  timeoutMs?: number;
  attempts?: number;
  /** The wait before the second attempt; it doubles for each one after. */
  backoffMs?: number;
}

/** An SMTP answer in the 5xx range, a refused login or a refused envelope: trying again changes nothing. */
function isPermanent(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return (responseCode !== undefined && responseCode >= 500) || code === 'EAUTH' || code === 'EENVELOPE';
}

function reasonOf(error: unknown): string {
  const { response, message } = error as { response?: string; message?: string };
  return (response ?? message ?? String(error)).slice(0, 200);
}

/**
 * Sends one e-mail through the configured SMTP server. Its host goes through the policy like any outgoing
 * call: resolved and checked, then reached at a checked address, with the host name kept as the TLS server
 * name so its certificate is still verified. Failures other than permanent ones are tried again with
 * exponential backoff; each attempt takes the next checked address.
 */
export async function sendMail(
  policy: OutboundPolicy,
  settings: SmtpSettings,
  message: MailMessage,
  // Ten seconds: some servers hold their greeting back a few seconds to catch impatient spam senders.
  { timeoutMs = 10_000, attempts = 3, backoffMs = 500 }: SendMailOptions = {},
): Promise<{ messageId: string; attempts: number }> {
  const host = settings.smtpHost.trim();
  if (!host) throw new AppError(409, 'error.smtpNotConfigured');
  const { createTransport } = await loadNodemailer();
  try {
    const { result, attempts: made } = await retrying(
      { attempts, backoffMs },
      async (tried) => {
        const addresses = await policy.resolve(host);
        const checked = addresses[(tried - 1) % addresses.length];
        // Without a host the mailer would fall back to localhost, an address nobody checked.
        if (!checked) throw new Error(`${host} has no address`);
        const transport = createTransport({
          host: checked.address,
          port: settings.smtpPort,
          secure: settings.smtpSecure,
          auth: settings.smtpUser ? { user: settings.smtpUser, pass: settings.smtpPassword } : undefined,
          tls: isIP(host) ? {} : { servername: host },
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
          // Attachments and embedded images given by path or URL would be fetched by the mailer: another way out.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        try {
          const sent = await transport.sendMail({ from: settings.smtpFrom, ...message });
          return sent.messageId;
        } finally {
          transport.close();
        }
      },
      (error) => !isPermanent(error),
    );
    return { messageId: result, attempts: made };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, 'error.outboundFailed', { host, reason: reasonOf(error) });
  }
}
