import { sealPassword } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, fetchLoginKey, signIn, staff, sysadmin, type TestApp } from './testApp.ts';

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
  const checkedPasswords = async (userName: string) =>
    (
      await t.context.db
        .selectFrom('audit_login_log')
        .select('result')
        .where('user_name', '=', userName)
        .where('result', 'in', ['success', 'badCredentials'])
        .execute()
    ).length;

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
    const checked = await checkedPasswords(userName);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
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

  it('locks the account itself when guesses come from many addresses, and an administrator unlocks it', async () => {
    const id = await accountWith(t, admin, 'many_sources');
    for (let n = 1; n <= 50; n++) await tokenFrom(t, `10.1.0.${n}`, 'many_sources', 'Wrong@2026');
    const account = await t.context.db.selectFrom('iam_account').select('user_status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(account.user_status).toBe('lock');
    expect((await tokenFrom(t, owner, 'many_sources', 'Right@2026')).statusCode).toBe(400);
    const unlocked = await t.app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/unlock`, headers: bearer(admin), payload: {} });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await tokenFrom(t, '10.1.0.1', 'many_sources', 'Right@2026')).statusCode).toBe(200);
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
