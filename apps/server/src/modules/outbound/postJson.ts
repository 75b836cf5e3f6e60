import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { AppError } from '../../http/errors.ts';
import type { CheckedAddress, OutboundPolicy } from './outboundPolicy.ts';
import { retrying } from './retrying.ts';

export interface PostJsonOptions {
  /** Headers besides `content-type`, such as the body's signature (see `signBody`). */
  headers?: Record<string, string>;
  /** How long one attempt may take, its redirects included. */
  timeoutMs?: number;
  attempts?: number;
  /** The wait before the second attempt; it doubles for each one after. */
  backoffMs?: number;
}

/** Redirects one attempt follows, each to a target the policy checks anew. */
const maxRedirects = 3;

/** Credentials for one origin, not carried to another when a redirect leaves it (as browsers do). */
const credentialHeaders = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** Why one attempt failed, and whether another attempt could answer differently. */
class AttemptFailed extends Error {
  constructor(
    readonly reason: string,
    readonly retry: boolean,
  ) {
    super(reason);
  }
}

function httpUrl(text: string, base?: URL): URL | undefined {
  const url = URL.canParse(text, base?.href) ? new URL(text, base) : undefined;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

/** Answers the connection's own name lookup with the checked addresses: it never asks DNS a second time. */
function pinnedLookup(addresses: CheckedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all || !first) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

/** One request to a checked address, without following a redirect; the answer's body is discarded. */
async function send(policy: OutboundPolicy, url: URL, body: string | undefined, headers: Record<string, string>, signal: AbortSignal) {
  const addresses = await policy.resolve(url.hostname);
  const dispatcher = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
  try {
    const response = await request(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body,
      dispatcher,
      signal,
    });
    await response.body.dump();
    const { location } = response.headers;
    return { status: response.statusCode, location: Array.isArray(location) ? location[0] : location };
  } finally {
    await dispatcher.destroy();
  }
}

/** The final status of one attempt, following up to `maxRedirects` redirects by hand. */
async function deliver(policy: OutboundPolicy, url: URL, bodyText: string, headers: Record<string, string>, signal: AbortSignal) {
  let target = url;
  let body: string | undefined = bodyText;
  let sentHeaders = headers;
  for (let redirects = 0; ; redirects += 1) {
    const { status, location } = await send(policy, target, body, sentHeaders, signal);
    if (status >= 200 && status < 300) return status;
    if (status < 300 || status >= 400 || location === undefined) throw new AttemptFailed(`HTTP ${status}`, status >= 500 || status === 429);
    if (redirects === maxRedirects) throw new AttemptFailed(`more than ${maxRedirects} redirects`, false);
    const next = httpUrl(location, target);
    if (!next) throw new AttemptFailed('redirected to a URL that is not http or https', false);
    // 307 and 308 repeat the request; the other redirects turn it into a GET, as browsers and fetch do.
    if (status !== 307 && status !== 308) body = undefined;
    if (next.origin !== target.origin) {
      sentHeaders = Object.fromEntries(Object.entries(sentHeaders).filter(([name]) => !credentialHeaders.has(name.toLowerCase())));
    }
    target = next;
  }
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

async function attempt(policy: OutboundPolicy, url: URL, bodyText: string, headers: Record<string, string>, timeoutMs: number) {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // The race also bounds the name lookup, which no signal can cancel.
    return await Promise.race([deliver(policy, url, bodyText, headers, signal), untilAborted(signal)]);
  } catch (error) {
    if (error instanceof AppError || error instanceof AttemptFailed) throw error;
    if (signal.aborted) throw new AttemptFailed(`no answer within ${timeoutMs} ms`, true);
    throw new AttemptFailed(error instanceof Error ? error.message.slice(0, 200) : String(error), true);
  }
}

/**
 * POSTs `body` as JSON to an http(s) URL the policy allows, connecting only to the addresses it checked.
 * Network errors, timeouts, 5xx and 429 answers are tried again with exponential backoff; a 4xx or a
 * refusal is not. Refused: 403 `error.outboundRefused`; failed after the last attempt: 502 `error.outboundFailed`.
 */
export async function postJson(
  policy: OutboundPolicy,
  url: string,
  body: unknown,
  { headers = {}, timeoutMs = 5000, attempts = 3, backoffMs = 500 }: PostJsonOptions = {},
): Promise<{ status: number; attempts: number }> {
  const target = httpUrl(url);
  if (!target) throw new AppError(502, 'error.outboundFailed', { host: url, reason: 'not an http or https URL' });
  const bodyText = JSON.stringify(body);
  try {
    const { result, attempts: made } = await retrying(
      { attempts, backoffMs },
      () => attempt(policy, target, bodyText, headers, timeoutMs),
      (error) => error instanceof AttemptFailed && error.retry,
    );
    return { status: result, attempts: made };
  } catch (error) {
    if (error instanceof AttemptFailed) throw new AppError(502, 'error.outboundFailed', { host: target.hostname, reason: error.reason });
    throw error;
  }
}
