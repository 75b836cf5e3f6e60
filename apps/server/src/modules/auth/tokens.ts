import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const accessTokenLifetimeSeconds = 3600;
const issuer = 'qiming';
/** Past this many verified tokens the memory of them starts afresh. */
const maxVerified = 50_000;

export interface AccessClaims {
  accountId: number;
  sessionId: string;
}

/** Signs and checks the 1-hour JWT access tokens (HS256 with the installation's secret). */
export class AccessTokens {
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number,
  ) {}

  sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.accountId))
      .setIssuer(issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + accessTokenLifetimeSeconds)
      .sign(this.secret);
  }

  /**
   * A token's signature is checked once per process: the same characters carry the same claims, so
   * later calls only compare the expiry. Revocation is the session's business, not the token's.
   */
  async verify(token: string): Promise<AccessClaims | undefined> {
    if (this.verified.has(token)) return this.knownClaims(token);
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer, algorithms: ['HS256'], currentDate: new Date(this.now()) });
      const accountId = Number(payload.sub);
      if (!Number.isInteger(accountId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
      const claims = { accountId, sessionId: payload.sid };
      if (this.verified.size >= maxVerified) this.verified.clear();
      this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  }

  /** The claims of a token this process has verified and that has not expired; `undefined` for any other. */
  knownClaims(token: string): AccessClaims | undefined {
    const known = this.verified.get(token);
    return known && known.expiresAt > this.now() ? known.claims : undefined;
  }
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** An opaque refresh token `sessionId.secret`; only the secret's hash is stored. */
export function newRefreshToken(sessionId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${sessionId}.${secret}`, hash: sha256(secret) };
}

export function parseRefreshToken(token: string): { sessionId: string; hash: string } | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) return undefined;
  return { sessionId: token.slice(0, dot), hash: sha256(token.slice(dot + 1)) };
}

/**
 * Whether two secrets (hashes, tokens) are equal, in time that does not tell how much of them matched.
 * Compared as bytes: text of equal length can differ in bytes, which timingSafeEqual would throw on.
 */
export function sameSecret(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}
