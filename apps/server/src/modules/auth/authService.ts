import { randomUUID } from 'node:crypto';
import { ipAllowed, type TokenAnswer } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database, LoginResult } from '../../db/schema.ts';
import type { ClientInfo } from '../../http/clientInfo.ts';
import { AppError, OAuthError } from '../../http/errors.ts';
import type { LiveSession } from '../../http/session.ts';
import { writeLoginLog } from '../audit/loginLog.ts';
import {
  type AccountRow,
  clearLoginFailures,
  findAccountByUserName,
  isSuperAdministrator,
  passwordExpired,
  readPasswordPolicy,
} from '../iam/accountLookup.ts';
import { verifyAgainstDecoy, verifyPassword } from '../iam/passwords.ts';
import type { AccessCache } from './accessCache.ts';
import { consumeLoginKey, decryptPassword, issueLoginKey } from './loginKeys.ts';
import {
  findLiveSession,
  findSessionForRefresh,
  insertSession,
  revokeSession,
  revokeSessionsBeyond,
  rotateRefreshHash,
} from './sessionRepo.ts';
import { claimPacedCheck, forgetAttempts, isFamiliarSource, recentFailures, releaseAttempt, reserveAttempt } from './signInAttempts.ts';
import { familiarForMs, paceAfterFailures, paceWaitMs } from './signInPace.ts';
import { type AccessTokens, accessTokenLifetimeSeconds, newRefreshToken, parseRefreshToken, sameSecret } from './tokens.ts';

type LoginLogger = (result: LoginResult, accountId?: number | null) => Promise<void>;

/** The token of an `Authorization: Bearer <token>` header. */
function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}

/** Sign-in, token refresh, sign-out and token checks: the protocol of the foundation issue. */
export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
    private readonly access: AccessCache,
    private readonly now: () => number = Date.now,
  ) {}

  issueLoginKey() {
    return issueLoginKey(this.db, this.now());
  }

  async passwordGrant(
    input: { username: string; password: string; keyId: string; clientId: string },
    client: ClientInfo,
  ): Promise<TokenAnswer> {
    const now = this.now();
    const log = this.loginLogger(input.username, client, now);
    const key = await consumeLoginKey(this.db, input.keyId, now);
    if (!key) {
      await log('keyInvalid');
      throw new OAuthError('invalid_grant', 'error.loginKeyInvalid');
    }
    const password = decryptPassword(key, input.password) ?? '';
    const account = await this.checkCredentials(input.username, password, client, log);
    if (account.auth_strategy === 'clientOnly') {
      await log('clientOnly', account.id);
      throw new OAuthError('invalid_grant', 'error.clientOnlyAccount');
    }
    await this.admitExpiredPassword(account, log);
    const sessionId = randomUUID();
    const refresh = newRefreshToken(sessionId);
    await insertSession(this.db, {
      id: sessionId,
      accountId: account.id,
      refreshHash: refresh.hash,
      clientId: input.clientId,
      ...client,
      now,
    });
    if (account.max_session_number > 0) {
      await revokeSessionsBeyond(this.db, account.id, account.max_session_number, now, sessionId);
      await this.access.forget();
    }
    await log('success', account.id);
    return this.answer(account.id, sessionId, refresh.token);
  }

  /**
   * A user name and password sent with each call by a machine client (the Nacos clients), checked
   * under the same lock-out policy and logged like a sign-in; no session is opened.
   */
  async verifyClientCredentials(username: string, password: string, client: ClientInfo): Promise<LiveSession | undefined> {
    const log = this.loginLogger(username, client, this.now());
    try {
      const account = await this.checkCredentials(username, password, client, log);
      await log('success', account.id);
      return {
        sessionId: '',
        accountId: account.id,
        userName: account.user_name,
        isSuper: await isSuperAdministrator(this.db, account.id),
        // Each call proves itself again; the session lasts as long as the call.
        expiresAt: this.now(),
      };
    } catch (error) {
      if (error instanceof OAuthError) return undefined;
      throw error;
    }
  }

  /**
   * A machine client's sign-in with a plain password (the Nacos login): the same checks and lock-out as
   * `passwordGrant`, a revocable session like any other, and only its access token in the answer.
   */
  async clientSignIn(username: string, password: string, client: ClientInfo, clientId: string): Promise<TokenAnswer | undefined> {
    const now = this.now();
    const log = this.loginLogger(username, client, now);
    let account: AccountRow;
    try {
      account = await this.checkCredentials(username, password, client, log);
    } catch (error) {
      if (error instanceof OAuthError) return undefined;
      throw error;
    }
    const sessionId = randomUUID();
    const refresh = newRefreshToken(sessionId);
    await insertSession(this.db, { id: sessionId, accountId: account.id, refreshHash: refresh.hash, clientId, ...client, now });
    if (account.max_session_number > 0) {
      await revokeSessionsBeyond(this.db, account.id, account.max_session_number, now, sessionId);
      await this.access.forget();
    }
    await log('success', account.id);
    return this.answer(account.id, sessionId, refresh.token);
  }

  private loginLogger(userName: string, client: ClientInfo, time: number): LoginLogger {
    return (result, accountId = null) =>
      writeLoginLog(this.db, { time, ip: client.ip, userName, accountId, result, userAgent: client.userAgent });
  }

  /**
   * The account whose password this is, unless locked out: attempts lock an address out of an account,
   * and an account under attack from many addresses only slows down for unfamiliar ones (signInPace.ts
   * says how and why). Each attempt is reserved before the password is checked, so parallel guesses
   * cannot slip past the count. An administrator's lock holds for every address.
   */
  private async checkCredentials(username: string, password: string, client: ClientInfo, log: LoginLogger) {
    const now = this.now();
    const account = await findAccountByUserName(this.db, username);
    if (!account) {
      await verifyAgainstDecoy(password);
      await log('badCredentials');
      throw new OAuthError('invalid_grant', 'error.badCredentials');
    }
    const lockExpired = account.user_status === 'lock' && account.locked_until !== null && account.locked_until <= now;
    if (account.user_status === 'lock' && !lockExpired) {
      await log('locked', account.id);
      throw new OAuthError('invalid_grant', 'error.accountLocked');
    }
    if (lockExpired) await clearLoginFailures(this.db, account.id);

    const policy = await readPasswordPolicy(this.db);
    const windowMs = policy.pwdLockTime * 60_000;
    const attempt = await reserveAttempt(this.db, account.id, client.ip, now, windowMs);
    if (attempt > policy.loginAttempts) {
      await log('locked', account.id);
      throw new OAuthError('invalid_grant', 'error.accountLocked');
    }
    await this.keepPace(account.id, client, now, windowMs, paceAfterFailures(policy), log);
    if (!(await verifyPassword(account.password_hash, password))) {
      const lockedNow = attempt >= policy.loginAttempts;
      await log(lockedNow ? 'locked' : 'badCredentials', account.id);
      throw new OAuthError('invalid_grant', lockedNow ? 'error.accountLocked' : 'error.badCredentials');
    }
    await forgetAttempts(this.db, account.id, client.ip, now);
    if (account.is_use_ip_checked === 1 && !ipAllowed(account.ip_policy, client.ip)) {
      await log('ipRefused', account.id);
      throw new OAuthError('invalid_grant', 'error.ipRefused');
    }
    return account;
  }

  /**
   * Past the account's failure threshold, a password check from an address the account does not know
   * waits its turn: refused with 429 and `Retry-After` until then, its reserved attempt given back.
   */
  private async keepPace(accountId: number, client: ClientInfo, now: number, windowMs: number, threshold: number, log: LoginLogger) {
    if (await isFamiliarSource(this.db, accountId, client.ip, now - familiarForMs)) return;
    // The reserved attempt is among the failures counted: the threshold-th check is the last unpaced one.
    const underAttack = (await recentFailures(this.db, accountId, now - windowMs)) > threshold;
    const check = await claimPacedCheck(this.db, accountId, now, windowMs, paceWaitMs, underAttack);
    if (check.allowed) return;
    await releaseAttempt(this.db, accountId, client.ip);
    await log('locked', accountId);
    const seconds = Math.max(1, Math.ceil(check.retryAfterMs / 1000));
    throw new AppError(429, 'error.signInSlowed', { seconds }, { 'retry-after': String(seconds) });
  }

  /**
   * A password older than the policy's life time still signs in `pwdGraceTime` times, each of them
   * forcing a change (the current user answers `passwordExpired`); after that it is refused.
   */
  private async admitExpiredPassword(account: AccountRow, log: LoginLogger) {
    const policy = await readPasswordPolicy(this.db);
    if (!passwordExpired(policy, account.pwd_changed_at, this.now())) return;
    if (account.grace_logins >= policy.pwdGraceTime) {
      await log('expired', account.id);
      throw new OAuthError('invalid_grant', 'error.passwordExpired');
    }
    await this.db
      .updateTable('iam_account')
      .set({ grace_logins: account.grace_logins + 1 })
      .where('id', '=', account.id)
      .execute();
  }

  async refreshGrant(refreshToken: string): Promise<TokenAnswer> {
    const now = this.now();
    const parsed = parseRefreshToken(refreshToken);
    const session = parsed && (await findSessionForRefresh(this.db, parsed.sessionId));
    if (!parsed || !session || session.revoked_at !== null || session.expires_at <= now) {
      throw new OAuthError('invalid_grant', 'error.refreshTokenInvalid');
    }
    if (!sameSecret(session.refresh_hash, parsed.hash)) {
      // A refresh token is good once: a genuine one seen again means it leaked, so the whole session
      // ends. Anything else is only refused, or knowing a session's id would be enough to end it.
      const replayed = session.previous_refresh_hash !== null && sameSecret(session.previous_refresh_hash, parsed.hash);
      if (replayed) await this.endSession(session.id, now);
      throw new OAuthError('invalid_grant', 'error.refreshTokenInvalid');
    }
    const next = newRefreshToken(session.id);
    if (!(await rotateRefreshHash(this.db, session.id, parsed.hash, next.hash, now))) {
      await this.endSession(session.id, now);
      throw new OAuthError('invalid_grant', 'error.refreshTokenInvalid');
    }
    return this.answer(session.account_id, session.id, next.token);
  }

  async authenticate(authorization: string | undefined): Promise<LiveSession | undefined> {
    const token = bearerToken(authorization);
    if (!token) return undefined;
    const claims = await this.tokens.verify(token);
    if (!claims) return undefined;
    const session = await this.access.session(claims.sessionId, () => findLiveSession(this.db, claims.sessionId, this.now()));
    return session && session.accountId === claims.accountId ? session : undefined;
  }

  /**
   * The session of a bearer token when this process has verified the token and keeps its session: what
   * `authenticate` would answer, without a promise. `undefined` means only "not known here".
   */
  knownSession(authorization: string | undefined): LiveSession | undefined {
    const token = bearerToken(authorization);
    const claims = token === undefined ? undefined : this.tokens.knownClaims(token);
    const session = claims && this.access.keptSession(claims.sessionId);
    return session && session.accountId === claims?.accountId ? session : undefined;
  }

  logout(sessionId: string): Promise<void> {
    return this.endSession(sessionId, this.now());
  }

  private async endSession(sessionId: string, now: number): Promise<void> {
    await revokeSession(this.db, sessionId, now);
    await this.access.forget();
  }

  private async answer(accountId: number, sessionId: string, refreshToken: string): Promise<TokenAnswer> {
    return {
      access_token: await this.tokens.sign({ accountId, sessionId }),
      token_type: 'bearer',
      expires_in: accessTokenLifetimeSeconds,
      refresh_token: refreshToken,
    };
  }
}

declare module '../../context.ts' {
  interface AppContext {
    auth: AuthService;
  }
}
