import { sealPassword } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, checkedPasswords, createTestApp, fetchLoginKey, signIn, staff, sysadmin, type TestApp } from './testApp.ts';

const stranger = '10.0.0.66';
const owner = '127.0.0.1';

/** A token request from a given source address, as the sign-in page sends it. */
async function tokenFrom(t: TestApp, address: string, userName: string, password: string) {
  const { keyId, key } = await fetchLoginKey(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: userName,
      password: sealPassword(key, password),
      keyId,
      client_id: 'abuse',
    }).toString(),
  });
}

const nacosList = (t: TestApp, address: string, userName: string, password: string) =>
  t.app.inject({
    method: 'GET',
    remoteAddress: address,
    url: `/nacos/v1/ns/instance/list?username=${userName}&password=${encodeURIComponent(password)}&serviceName=DEFAULT_GROUP@@abuse`,
  });

async function accountWith(t: TestApp, admin: Awaited<ReturnType<typeof signIn>>, userName: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/accounts',
    headers: bearer(admin),
    payload: { userName, name: userName, password: 'Right@2026', confirmPassword: 'Right@2026', organId: null, maxSessionNumber: -1 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

describe(`sign-in under abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const sessionsOf = async (accountId: number) =>
    (await t.context.db.selectFrom('auth_session').select('id').where('account_id', '=', accountId).execute()).length;

  // Which parallel guesses take the policy's five attempts depends on how the requests interleave, so
  // a right password among them might be one of the five; what never varies is that no more are checked.
  it("checks no more than the policy's five of 200 parallel guesses, and refuses the right password after them", async () => {
    const userName = 'race_parallel';
    const id = await accountWith(t, admin, userName);
    const keys = [];
    for (let n = 0; n < 200; n++) keys.push(await fetchLoginKey(t.app));
    const answers = await Promise.all(
      keys.map(({ keyId, key }, n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'password',
            username: userName,
            password: sealPassword(key, `Wrong@${n}`),
            keyId,
            client_id: 'abuse',
          }).toString(),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
    // The check that reaches the limit is logged as the lock it causes, so when the pace lets only that
    // one through, no check shows as badCredentials: the bound is what holds.
    expect(await checkedPasswords(t, userName)).toBeLessThanOrEqual(5);
    const right = await tokenFrom(t, owner, userName, 'Right@2026');
    expect(right.statusCode).not.toBe(200);
    expect(right.json().error_description).toBe('Too many failed attempts: your account is locked, please contact the administrator');
    expect(await sessionsOf(id)).toBe(0);
  });

  it("does not let a stranger's failures shut the owner out", async () => {
    const id = await accountWith(t, admin, 'owner_web');
    for (let n = 0; n < 6; n++) await tokenFrom(t, stranger, 'owner_web', `Wrong@${n}`);
    const strangerRight = await tokenFrom(t, stranger, 'owner_web', 'Right@2026');
    expect(strangerRight.json().error_description).toBe(
      'Too many failed attempts: your account is locked, please contact the administrator',
    );
    const ownerRight = await tokenFrom(t, owner, 'owner_web', 'Right@2026');
    expect(ownerRight.statusCode, ownerRight.body).toBe(200);
    const account = await t.context.db.selectFrom('iam_account').select('user_status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(account.user_status).toBe('normal');
  });

  it("keeps a machine client's credentials working while a stranger guesses them through the Nacos API", async () => {
    await accountWith(t, admin, 'owner_nacos');
    const role = await t.context.db.selectFrom('iam_role').select('id').where('is_super', '=', 1).executeTakeFirstOrThrow();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles/authorise',
      headers: bearer(admin),
      payload: {
        accountIds: [
          (await t.context.db.selectFrom('iam_account').select('id').where('user_name', '=', 'owner_nacos').executeTakeFirstOrThrow()).id,
        ],
        roleIds: [role.id],
        revoke: false,
      },
    });
    for (let n = 0; n < 6; n++) expect((await nacosList(t, stranger, 'owner_nacos', `Wrong@${n}`)).statusCode).toBe(403);
    expect((await nacosList(t, stranger, 'owner_nacos', 'Right@2026')).statusCode).toBe(403);
    expect((await nacosList(t, owner, 'owner_nacos', 'Right@2026')).statusCode).toBe(200);
  });

  it('lets the owner sign in at a familiar address while a stranger guesses from twelve others, and never locks the account', async () => {
    const id = await accountWith(t, admin, 'many_sources');
    expect((await tokenFrom(t, owner, 'many_sources', 'Right@2026')).statusCode).toBe(200);
    const answers = [];
    for (let source = 1; source <= 12; source++) {
      for (let n = 0; n < 5; n++) answers.push(await tokenFrom(t, `10.1.0.${source}`, 'many_sources', `Wrong@${n}`));
      const ownerRight = await tokenFrom(t, owner, 'many_sources', 'Right@2026');
      expect(ownerRight.statusCode, ownerRight.body).toBe(200);
    }
    // Ten failures from all addresses, then one paced check; the other 49 guesses were never checked.
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(11);
    const slowed = answers.filter((answer) => answer.statusCode === 429);
    expect(slowed).toHaveLength(49);
    expect(Number(slowed[0]?.headers['retry-after'])).toBe(60);
    expect(slowed[0]?.json().message).toBe('Too many failed sign-ins to this account: please try again in 60 seconds');
    // A right password from an address the account does not know waits its turn too.
    expect((await tokenFrom(t, '10.1.0.200', 'many_sources', 'Right@2026')).statusCode).toBe(429);
    const account = await t.context.db.selectFrom('iam_account').select('user_status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(account.user_status).toBe('normal');
  });

  it("keeps a machine client's Nacos credentials working at its own address while the account is paced", async () => {
    await accountWith(t, admin, 'paced_nacos');
    const role = await t.context.db.selectFrom('iam_role').select('id').where('is_super', '=', 1).executeTakeFirstOrThrow();
    const account = await t.context.db
      .selectFrom('iam_account')
      .select('id')
      .where('user_name', '=', 'paced_nacos')
      .executeTakeFirstOrThrow();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles/authorise',
      headers: bearer(admin),
      payload: { accountIds: [account.id], roleIds: [role.id], revoke: false },
    });
    expect((await nacosList(t, owner, 'paced_nacos', 'Right@2026')).statusCode).toBe(200);
    const answers = [];
    for (let source = 1; source <= 10; source++) {
      for (let n = 0; n < 3; n++) answers.push((await nacosList(t, `10.6.0.${source}`, 'paced_nacos', `Wrong@${n}`)).statusCode);
    }
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    // Another minute: the one-minute trust in the checked pair is over, so the password is checked again.
    t.clock.advance(61_000);
    expect((await nacosList(t, owner, 'paced_nacos', 'Right@2026')).statusCode).toBe(200);
  });

  it("an administrator's unlock ends the account's pace, and an administrator's lock holds at every address", async () => {
    const id = await accountWith(t, admin, 'unlock_pace');
    for (let source = 1; source <= 3; source++) {
      for (let n = 0; n < 5; n++) await tokenFrom(t, `10.7.0.${source}`, 'unlock_pace', `Wrong@${n}`);
    }
    expect((await tokenFrom(t, '10.7.0.9', 'unlock_pace', 'Right@2026')).statusCode).toBe(429);
    const unlocked = await t.app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/unlock`, headers: bearer(admin), payload: {} });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await tokenFrom(t, '10.7.0.1', 'unlock_pace', 'Right@2026')).statusCode).toBe(200);
    const locked = await t.app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/lock`, headers: bearer(admin), payload: {} });
    expect(locked.statusCode, locked.body).toBe(200);
    const refused = await tokenFrom(t, '10.7.0.1', 'unlock_pace', 'Right@2026');
    expect(refused.json().error_description).toBe('Too many failed attempts: your account is locked, please contact the administrator');
  });

  it('only a genuine rotated-out refresh token ends a session; a forged one is just refused', async () => {
    const tokens = await signIn(t.app, staff);
    const sessionId = tokens.refresh_token.split('.')[0];
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      });
    const forged = await refresh(`${sessionId}.anything`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_grant');
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const current = rotated.json();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(current) })).statusCode).toBe(200);
    // The first token again: it leaked, so the session ends.
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(current) })).statusCode).toBe(401);
  });
});

describe(`sign-in throttles (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { signInRateLimit: 3, loginKeyRateLimit: 8 } });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After past the token limit for one user from one address, not for another user', async () => {
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await tokenFrom(t, owner, 'throttled', `Wrong@${n}`));
    expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    expect(answers[3]?.statusCode).toBe(429);
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tokenFrom(t, owner, 'someone_else', 'Wrong@1')).statusCode).toBe(400);
  });

  it('answers 429 with Retry-After past the login-key limit for one address', async () => {
    const key = () => t.app.inject({ method: 'GET', url: '/api/uc/getkey/LoginGetKey.do?method=getLoginKey', remoteAddress: '10.2.0.1' });
    const storedKeys = async () => (await t.context.db.selectFrom('auth_login_key').select('id').execute()).length;
    const before = await storedKeys();
    const answers = [];
    for (let n = 0; n < 9; n++) answers.push(await key());
    expect(answers.slice(0, 8).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers[8]?.statusCode).toBe(429);
    expect(Number(answers[8]?.headers['retry-after'])).toBeGreaterThan(0);
    // The refused request stored no key: a flood cannot fill the table.
    expect((await storedKeys()) - before).toBe(8);
  });

  it('limits Nacos password checks from one address across user names too', async () => {
    const answers = [];
    for (let n = 0; n < 31; n++) answers.push(await nacosList(t, '10.4.0.1', `rotating_${n}`, 'Wrong@2026'));
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 403)).toBe(true);
    expect(answers[30]?.statusCode).toBe(429);
  });

  it('answers 429 with Retry-After past the Nacos credential limit, before hashing', async () => {
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await nacosList(t, '10.3.0.1', 'sysadmin', `Wrong@${n}`));
    expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([403, 403, 403]);
    expect(answers[3]?.statusCode).toBe(429);
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`an account under attack slows down (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  let nextSource = 0;
  /** A guess from an address never seen before, as a botnet sends them. */
  const freshGuess = () => tokenFrom(t, `10.9.${Math.floor(nextSource / 250)}.${(nextSource++ % 250) + 1}`, 'slowed_down', 'Wrong@2026');

  it('waits twice as long after each paced check, up to 15 minutes, and starts over after a quiet window', async () => {
    await accountWith(t, admin, 'slowed_down');
    for (let n = 0; n < 11; n++) expect((await freshGuess()).statusCode).toBe(400);
    const waits = [];
    for (let round = 0; round < 7; round++) {
      const refused = await freshGuess();
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000 - 1000);
      expect((await freshGuess()).statusCode).toBe(429);
      t.clock.advance(1000);
      expect((await freshGuess()).statusCode).toBe(400);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    // Nobody guessed for the wait and a whole window (30 minutes) after it: the account is unpaced again.
    t.clock.advance((900 + 30 * 60) * 1000);
    for (let n = 0; n < 3; n++) expect((await freshGuess()).statusCode).toBe(400);
  });
});
