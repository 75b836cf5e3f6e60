import { hash } from 'node:crypto';
import type { ClientInfo } from '../../http/clientInfo.ts';
import { AppError } from '../../http/errors.ts';
import type { LiveSession } from '../../http/session.ts';
import type { AuthService } from './authService.ts';

/** How long a checked user name and password is trusted without hashing again. */
const trustedForMs = 60_000;
const maxEntries = 10_000;
const throttleWindowMs = 60_000;

/**
 * Nacos clients send their user name and password with every call, beats included, and argon2id
 * costs tens of milliseconds by design. A successful check is remembered for a minute under a
 * SHA-256 of the pair keyed by the installation secret, so no password is kept; a locked or changed
 * account is refused within that minute.
 */
export class ClientCredentials {
  private readonly trusted = new Map<string, { session: LiveSession; until: number }>();
  /**
   * Checks under way, by the same key: a client's threads (or one beat per instance) sending the same pair at
   * once wait for one hash instead of each counting against the throttle and hashing again.
   */
  private readonly checking = new Map<string, Promise<LiveSession | undefined>>();
  /** Password checks per address and user name in the current minute: each costs an argon2 hash. */
  private readonly checks = new Map<string, { count: number; windowEnds: number }>();

  /** The installation secret as text, the prefix of every pair's key. */
  private readonly secretText: string;

  constructor(
    private readonly auth: AuthService,
    secret: Uint8Array,
    private readonly now: () => number,
    private readonly checksPerMinute: number,
  ) {
    this.secretText = Buffer.from(secret).toString('base64');
  }

  /**
   * Refuses with 429 past the limit of password checks for one user name from one address. Kept per
   * process: what it protects is this process's CPU from a flood of hashes; the lock-out that guards
   * the password itself is counted in the database across servers.
   */
  private throttle(username: string, client: ClientInfo, now: number): void {
    // Per address and user name, and per address alone (ten times as many), so that rotating user
    // names from one address meets a limit too.
    this.count(`${client.ip}|${username.toLowerCase()}`, this.checksPerMinute, now);
    this.count(client.ip, this.checksPerMinute * 10, now);
  }

  private count(key: string, limit: number, now: number): void {
    let window = this.checks.get(key);
    if (!window || window.windowEnds <= now) {
      if (this.checks.size >= maxEntries) this.checks.clear();
      window = { count: 0, windowEnds: now + throttleWindowMs };
      this.checks.set(key, window);
    }
    window.count += 1;
    if (window.count > limit) {
      const retryAfter = String(Math.ceil((window.windowEnds - now) / 1000));
      throw new AppError(429, 'error.rateLimited', {}, { 'retry-after': retryAfter });
    }
  }

  // A secret-prefixed SHA-256 in one call: an Hmac object per call cost a beat seven times as much, and
  // the key never leaves this map, so HMAC's guard against length extension would guard nothing here.
  private keyOf(username: string, password: string): string {
    return hash('sha256', `${this.secretText}\u0000${username}\u0000${password}`, 'base64');
  }

  /** The session of a pair checked within the trusted minute: what `verify` would answer, without a promise. */
  trustedSession(username: string, password: string): LiveSession | undefined {
    const known = this.trusted.get(this.keyOf(username, password));
    return known && known.until > this.now() ? known.session : undefined;
  }

  async verify(username: string, password: string, client: ClientInfo): Promise<LiveSession | undefined> {
    const key = this.keyOf(username, password);
    const now = this.now();
    const known = this.trusted.get(key);
    if (known && known.until > now) return known.session;
    this.trusted.delete(key);
    const under = this.checking.get(key);
    if (under) return under;
    this.throttle(username, client, now);
    const check = this.check(key, username, password, client, now).finally(() => this.checking.delete(key));
    this.checking.set(key, check);
    return check;
  }

  private async check(key: string, username: string, password: string, client: ClientInfo, now: number) {
    const session = await this.auth.verifyClientCredentials(username, password, client);
    if (session) {
      if (this.trusted.size >= maxEntries) this.trusted.clear();
      this.trusted.set(key, { session, until: now + trustedForMs });
    }
    return session;
  }
}

declare module '../../context.ts' {
  interface AppContext {
    clientCredentials: ClientCredentials;
  }
}
