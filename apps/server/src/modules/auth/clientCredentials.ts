import { createHmac } from 'node:crypto';
import type { AuthService, ClientInfo } from './authService.ts';
import type { LiveSession } from './sessionRepo.ts';

/** How long a checked user name and password is trusted without hashing again. */
const trustedForMs = 60_000;
const maxEntries = 10_000;

/**
 * Nacos clients send their user name and password with every call, beats included, and argon2id
 * costs tens of milliseconds by design. A successful check is remembered for a minute under an
 * HMAC of the pair, so no password is kept; a locked or changed account is refused within that minute.
 */
export class ClientCredentials {
  private readonly trusted = new Map<string, { session: LiveSession; until: number }>();

  constructor(
    private readonly auth: AuthService,
    private readonly secret: Uint8Array,
    private readonly now: () => number,
  ) {}

  async verify(username: string, password: string, client: ClientInfo): Promise<LiveSession | undefined> {
    const key = createHmac('sha256', this.secret).update(`${username}\u0000${password}`).digest('base64');
    const now = this.now();
    const known = this.trusted.get(key);
    if (known && known.until > now) return known.session;
    this.trusted.delete(key);
    const session = await this.auth.verifyClientCredentials(username, password, client);
    if (session) {
      if (this.trusted.size >= maxEntries) this.trusted.clear();
      this.trusted.set(key, { session, until: now + trustedForMs });
    }
    return session;
  }
}
