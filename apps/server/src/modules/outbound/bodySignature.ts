import { createHmac } from 'node:crypto';

/** The header a signed webhook call carries. */
export const signatureHeader = 'X-Qiming-Signature';

/**
 * The `X-Qiming-Signature` value for a body: `sha256=` and the hex HMAC-SHA256 of the exact body text under
 * the webhook's secret, so the receiver can check the call is ours and unaltered by computing the same over
 * the raw body it received. Sign the text that is sent: for `postJson` that is `JSON.stringify(body)`.
 */
export function signBody(secret: string, bodyText: string): string {
  return `sha256=${createHmac('sha256', secret).update(bodyText).digest('hex')}`;
}
