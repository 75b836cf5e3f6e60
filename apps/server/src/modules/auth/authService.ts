import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LoginResult } from '../../db/schema.ts';
import { OAuthError } from '../../http/errors.ts';
import { writeLoginLog } from '../audit/loginLogRepo.ts';
import { clearLoginFailures, countLoginFailure, findAccountByUserName, lockAccount } from '../iam/accountRepo.ts';
import { readPasswordPolicy } from '../iam/passwordPolicyRepo.ts';
import { verifyAgainstDecoy, verifyPassword } from '../iam/passwords.ts';
import { consumeLoginKey, decryptPassword, issueLoginKey } from './loginKeys.ts';
import {
  findLiveSession,
  findSessionForRefresh,
  insertSession,
  type LiveSession,
  revokeSession,
  revokeSessionsBeyond,
  rotateRefreshHash,
} from './sessionRepo.ts';
import { type AccessTokens, accessTokenLifetimeSeconds, newRefreshToken, parseRefreshToken, sameHash } from './tokens.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
}

/** Sign-in, token refresh, sign-out and token checks: the protocol of the foundation issue. */
export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
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
    const log = (result: LoginResult, accountId: number | null = null) =>
      writeLoginLog(this.db, { time: now, ip: client.ip, userName: input.username, accountId, result, userAgent: client.userAgent });

    const key = await consumeLoginKey(this.db, input.keyId, now);
    if (!key) {
      await log('keyInvalid');
      throw new OAuthError('invalid_grant', 'error.loginKeyInvalid');
    }
    const password = decryptPassword(key, input.password) ?? '';
    const account = await findAccountByUserName(this.db, input.username);
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

    if (!(await verifyPassword(account.password_hash, password))) {
      const policy = await readPasswordPolicy(this.db);
      const failures = await countLoginFailure(this.db, account.id);
      if (failures >= policy.loginAttempts) {
        await lockAccount(this.db, account.id, now + policy.pwdLockTime * 60_000);
        await log('locked', account.id);
        throw new OAuthError('invalid_grant', 'error.accountLocked');
      }
      await log('badCredentials', account.id);
      throw new OAuthError('invalid_grant', 'error.badCredentials');
    }

    if (account.login_failures > 0) await clearLoginFailures(this.db, account.id);
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
    if (account.max_session_number > 0) await revokeSessionsBeyond(this.db, account.id, account.max_session_number, now);
    await log('success', account.id);
    return this.answer(account.id, sessionId, refresh.token);
  }

  async refreshGrant(refreshToken: string): Promise<TokenAnswer> {
    const now = this.now();
    const parsed = parseRefreshToken(refreshToken);
    const session = parsed && (await findSessionForRefresh(this.db, parsed.sessionId));
    if (!parsed || !session || session.revoked_at !== null || session.expires_at <= now) {
      throw new OAuthError('invalid_grant', 'error.refreshTokenInvalid');
    }
    if (!sameHash(session.refresh_hash, parsed.hash)) {
      // A refresh token is good once: seeing an old one means it leaked, so the whole session ends.
      await revokeSession(this.db, session.id, now);
      throw new OAuthError('invalid_grant', 'error.refreshTokenInvalid');
    }
    const next = newRefreshToken(session.id);
    if (!(await rotateRefreshHash(this.db, session.id, parsed.hash, next.hash, now))) {
      await revokeSession(this.db, session.id, now);
      throw new OAuthError('invalid_grant', 'error.refreshTokenInvalid');
    }
    return this.answer(session.account_id, session.id, next.token);
  }

  async authenticate(authorization: string | undefined): Promise<LiveSession | undefined> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    const claims = await this.tokens.verify(token);
    if (!claims) return undefined;
    const session = await findLiveSession(this.db, claims.sessionId, this.now());
    return session && session.accountId === claims.accountId ? session : undefined;
  }

  logout(sessionId: string): Promise<void> {
    return revokeSession(this.db, sessionId, this.now());
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
