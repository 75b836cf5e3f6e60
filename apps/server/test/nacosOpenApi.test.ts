import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedPasswords, createTestApp, form, signIn, staff, sysadmin, type TestApp, withBearer } from './testApp.ts';

/** Nacos's documented v1 open API, endpoint by endpoint and parameter form by parameter form. */
describe('the Nacos v1 open API', () => {
  let test: TestApp;
  const admin = () => ({ username: sysadmin.userName, password: sysadmin.password });
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]));

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const login = (path: string, values: Record<string, string>, asQuery = false) =>
    asQuery
      ? test.app.inject({ method: 'POST', url: `${path}?${query(values)}` })
      : test.app.inject({ method: 'POST', url: path, ...form(values) });

  describe('login and access tokens', () => {
    it.each([
      ['/nacos/v1/auth/login', false],
      ['/nacos/v1/auth/users/login', false],
      ['/nacos/v1/auth/login', true],
    ])('%s (query: %s) answers an access token with its lifetime and whether the account is a global admin', async (path, asQuery) => {
      const answer = await login(path, admin(), asQuery);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({ tokenTtl: 3600, globalAdmin: true, username: 'sysadmin' });
      expect(typeof body.accessToken).toBe('string');
      const listed = await test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${body.accessToken}` });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ count: 0, doms: [] });
    });

    it('refuses a wrong password or an unknown user with 403 `unknown user!`', async () => {
      for (const values of [
        { ...admin(), password: 'Wrong@2026' },
        { username: 'nobody_here', password: 'x' },
      ]) {
        const answer = await login('/nacos/v1/auth/login', values);
        expect(answer.statusCode).toBe(403);
        expect(answer.body).toBe('unknown user!');
      }
    });

    it('takes the token as a query, form or header parameter; without one a call is refused', async () => {
      const { accessToken } = (await login('/nacos/v1/auth/login', admin())).json();
      const url = '/nacos/v1/cs/configs';
      const publish = { dataId: 'token.properties', group: 'DEFAULT_GROUP', content: 'a=1' };
      expect((await test.app.inject({ method: 'POST', url, ...form({ ...publish, accessToken }) })).body).toBe('true');
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query({ ...publish, accessToken })}` })).body).toBe('a=1');
      const byHeader = await test.app.inject({ method: 'GET', url: `${url}?${query(publish)}`, headers: { accessToken } });
      expect(byHeader.body).toBe('a=1');
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query(publish)}` })).statusCode).toBe(403);
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query({ ...publish, accessToken: 'forged' })}` })).statusCode).toBe(
        403,
      );
      // Username and password on each call keep working.
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query({ ...publish, ...admin() })}` })).body).toBe('a=1');
    });

    it('refuses a token whose session was ended', async () => {
      const { accessToken } = (await login('/nacos/v1/auth/login', admin())).json();
      const call = () => test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${accessToken}` });
      expect((await call()).statusCode).toBe(200);
      const logout = await test.app.inject({
        method: 'GET',
        url: '/api/j_hh_security_logout',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(logout.statusCode).toBe(200);
      expect((await call()).statusCode).toBe(403);
    });

    it("binds the token to the account's grants: an account without the Nacos client operation is refused", async () => {
      const answer = await login('/nacos/v1/auth/login', { username: staff.userName, password: staff.password });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().globalAdmin).toBe(false);
      const call = await test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${answer.json().accessToken}` });
      expect(call.statusCode).toBe(403);
    });

    it('asks for both user name and password in the caller language', async () => {
      const ask = (language: string) =>
        test.app.inject({
          method: 'POST',
          url: '/nacos/v1/auth/login',
          ...form({ username: 'sysadmin' }),
          headers: { ...form({}).headers, 'accept-language': language },
        });
      const [zh, en] = [await ask('zh'), await ask('en')];
      expect([zh.statusCode, en.statusCode]).toEqual([400, 400]);
      expect(zh.json().message).toContain('password');
      expect(en.json().message).toContain('password');
      expect(zh.json().message).not.toBe(en.json().message);
    });
  });

  it('locks an account out after the policy number of wrong passwords, the right one then refused too', async () => {
    const attempt = (password: string) =>
      test.app.inject({ method: 'POST', url: '/nacos/v1/auth/login', ...form({ username: staff.userName, password }) });
    const policy = await test.context.db.selectFrom('iam_password_policy').select('login_attempts').executeTakeFirstOrThrow();
    for (let i = 0; i < policy.login_attempts; i++) expect((await attempt('Wrong@2026')).statusCode).toBe(403);
    const locked = await attempt(staff.password);
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toBe('unknown user!');
  });

  const configUrl = '/nacos/v1/cs/configs';
  const publish = (values: Record<string, string>, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: configUrl,
      ...form({ group: 'DEFAULT_GROUP', ...values, ...admin() }),
      headers: { ...form({}).headers, ...headers },
    });
  const read = async (dataId: string) =>
    (await test.app.inject({ method: 'GET', url: `${configUrl}?${query({ dataId, ...admin() })}` })).body;
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');

  describe('compare-and-set publish (casMd5)', () => {
    it.each([
      ['parameter', (cas: string) => ({ values: { casMd5: cas }, headers: {} })],
      ['header', (cas: string) => ({ values: {}, headers: { casMd5: cas } })],
    ])('as a %s: writes when the stored MD5 matches, refuses as Nacos does otherwise and changes nothing', async (form, sent) => {
      const dataId = `cas-${form}.properties`;
      expect((await publish({ dataId, content: 'v=1' })).body).toBe('true');
      const stale = sent(md5('v=0'));
      const refused = await publish({ dataId, content: 'v=2', ...stale.values }, stale.headers);
      expect(refused.statusCode).toBe(500);
      expect(refused.body).toBe('Cas publish fail, server md5 may have changed.');
      expect(await read(dataId)).toBe('v=1');
      const current = sent(md5('v=1'));
      const written = await publish({ dataId, content: 'v=2', ...current.values }, current.headers);
      expect(written.body).toBe('true');
      expect(await read(dataId)).toBe('v=2');
    });

    it('refuses a casMd5 publish of a config that does not exist, and creates nothing', async () => {
      const refused = await publish({ dataId: 'cas-missing.properties', content: 'v=1', casMd5: md5('') });
      expect(refused.statusCode).toBe(500);
      expect(
        (await test.app.inject({ method: 'GET', url: `${configUrl}?${query({ dataId: 'cas-missing.properties', ...admin() })}` }))
          .statusCode,
      ).toBe(404);
    });

    it('lets only one of two publishes with the same casMd5 win', async () => {
      await publish({ dataId: 'cas-race.properties', content: 'v=1' });
      const answers = await Promise.all(
        ['a', 'b'].map((who) => publish({ dataId: 'cas-race.properties', content: `v=${who}`, casMd5: md5('v=1') })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 500]);
    });

    it('refuses a malformed casMd5 with 400 naming it', async () => {
      const answer = await publish({ dataId: 'cas-bad.properties', content: 'v=1', casMd5: 'not-an-md5' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('casMd5');
    });
  });

  describe('config search and batch get', () => {
    beforeAll(async () => {
      for (const [dataId, group] of [
        ['orders.yaml', 'DEFAULT_GROUP'],
        ['orders-db.yaml', 'DEFAULT_GROUP'],
        ['billing.yaml', 'DEFAULT_GROUP'],
        ['orders.yaml', 'PAY_GROUP'],
        ['a_b.txt', 'DEFAULT_GROUP'],
        ['axb.txt', 'DEFAULT_GROUP'],
      ]) {
        await publish({ dataId: dataId as string, group: group as string, content: `name: ${dataId}` });
      }
    });
    const search = async (params: Record<string, string | number>) => {
      const answer = await test.app.inject({ method: 'GET', url: `${configUrl}?${query({ ...params, ...admin() })}` });
      expect(answer.statusCode).toBe(200);
      return answer.json();
    };
    const names = (page: { pageItems: Array<{ group: string; dataId: string }> }) =>
      page.pageItems.map((item) => `${item.group}/${item.dataId}`);

    it.each([
      [{ search: 'accurate', dataId: 'orders.yaml' }, ['DEFAULT_GROUP/orders.yaml', 'PAY_GROUP/orders.yaml']],
      [{ search: 'accurate', dataId: 'orders.yaml', group: 'PAY_GROUP' }, ['PAY_GROUP/orders.yaml']],
      [{ search: 'accurate', dataId: 'orders' }, []],
      [{ search: 'blur', dataId: 'orders*' }, ['DEFAULT_GROUP/orders-db.yaml', 'DEFAULT_GROUP/orders.yaml', 'PAY_GROUP/orders.yaml']],
      [{ search: 'blur', dataId: '*db*', group: 'DEFAULT_*' }, ['DEFAULT_GROUP/orders-db.yaml']],
      [{ search: 'blur', dataId: 'a_b*' }, ['DEFAULT_GROUP/a_b.txt']],
      [{ search: 'blur', dataId: 'a*b.txt' }, ['DEFAULT_GROUP/a_b.txt', 'DEFAULT_GROUP/axb.txt']],
      [{ search: 'blur', dataId: 'ORDERS.yaml' }, ['DEFAULT_GROUP/orders.yaml', 'PAY_GROUP/orders.yaml']],
    ])('%o finds %o', async (params, expected) => {
      expect(names(await search(params)).sort()).toEqual([...expected].sort());
    });

    it("pages as Nacos does: totalCount, pageNumber, pagesAvailable and each item's fields", async () => {
      const page = await search({ search: 'blur', dataId: '*.yaml', group: 'DEFAULT_GROUP', pageNo: 2, pageSize: 2 });
      expect(page).toMatchObject({ totalCount: 3, pageNumber: 2, pagesAvailable: 2 });
      expect(names(page)).toEqual(['DEFAULT_GROUP/orders.yaml']);
      const [first] = (await search({ search: 'accurate', dataId: 'billing.yaml' })).pageItems;
      expect(first).toEqual({
        id: expect.any(String),
        dataId: 'billing.yaml',
        group: 'DEFAULT_GROUP',
        content: 'name: billing.yaml',
        md5: md5('name: billing.yaml'),
        encryptedDataKey: '',
        tenant: '',
        appName: '',
        type: 'text',
      });
    });

    it('refuses an unknown search mode or page size past 500 with 400', async () => {
      for (const params of [{ search: 'fuzzy' }, { search: 'blur', pageSize: '501' }] as Array<Record<string, string>>) {
        const answer = await test.app.inject({ method: 'GET', url: `${configUrl}?${query({ ...params, ...admin() })}` });
        expect(answer.statusCode).toBe(400);
      }
    });

    it('batchGet answers the configs of one group that exist, by GET or form POST', async () => {
      const get = await test.app.inject({
        method: 'GET',
        url: `${configUrl}/batchGet?${query({ dataIds: 'orders.yaml,missing.yaml,billing.yaml', ...admin() })}`,
      });
      expect(
        get
          .json()
          .map((item: { dataId: string }) => item.dataId)
          .sort(),
      ).toEqual(['billing.yaml', 'orders.yaml']);
      const post = await test.app.inject({
        method: 'POST',
        url: `${configUrl}/batchGet`,
        ...form({ dataIds: 'orders.yaml', group: 'PAY_GROUP', ...admin() }),
      });
      expect(post.json()).toEqual([expect.objectContaining({ dataId: 'orders.yaml', group: 'PAY_GROUP', content: 'name: orders.yaml' })]);
    });
  });

  describe('naming parameter forms', () => {
    const instanceUrl = '/nacos/v1/ns/instance';
    const hostsOf = async (serviceName: string) =>
      (await test.app.inject({ method: 'GET', url: `${instanceUrl}/list?${query({ serviceName, ...admin() })}` })).json().hosts;

    it.each([
      ['JSON', '{"zone":"a","version":"2"}'],
      ['k=v pairs', 'zone=a,version=2'],
      ['k=v pairs with spaces and a trailing comma', ' zone = a , version=2,'],
    ])('takes metadata as %s', async (_form, metadata) => {
      const serviceName = `meta-${_form.length}`;
      const answer = await test.app.inject({
        method: 'POST',
        url: instanceUrl,
        ...form({ serviceName, ip: '10.1.0.1', port: 80, metadata, ...admin() }),
      });
      expect(answer.body).toBe('ok');
      expect((await hostsOf(serviceName))[0].metadata).toEqual({ zone: 'a', version: '2' });
    });

    it('refuses metadata that is neither JSON nor k=v pairs with 400 naming it, registering nothing', async () => {
      const answer = await test.app.inject({
        method: 'POST',
        url: instanceUrl,
        ...form({ serviceName: 'meta-bad', ip: '10.1.0.1', port: 80, metadata: 'zone=a,version', ...admin() }),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('metadata');
      expect(await hostsOf('meta-bad')).toEqual([]);
    });

    it('takes a light beat (no beat JSON): refreshes a known instance, answers 20404 for an unknown one', async () => {
      await test.app.inject({ method: 'POST', url: instanceUrl, ...form({ serviceName: 'light', ip: '10.1.0.2', port: 81, ...admin() }) });
      const lastBeat = async () =>
        (await test.context.db.selectFrom('reg_instance').select('last_beat').where('ip', '=', '10.1.0.2').executeTakeFirstOrThrow())
          .last_beat;
      const before = await lastBeat();
      test.clock.advance(5_000);
      const beat = (port: number) =>
        test.app.inject({ method: 'PUT', url: `${instanceUrl}/beat?${query({ serviceName: 'light', ip: '10.1.0.2', port, ...admin() })}` });
      const known = await beat(81);
      expect(known.json()).toMatchObject({ code: 10200, lightBeatEnabled: true, clientBeatInterval: 5000 });
      // The beat is kept in memory (the health sweep reads it there): the database is not written.
      expect(await lastBeat()).toBe(before);
      expect((await beat(82)).json()).toMatchObject({ code: 20404 });
      expect((await hostsOf('light')).map((host: { port: number }) => host.port)).toEqual([81]);
      const nameless = await test.app.inject({ method: 'PUT', url: `${instanceUrl}/beat?${query({ serviceName: 'light', ...admin() })}` });
      expect(nameless.statusCode).toBe(400);
    });
  });

  describe('one instance: GET and PUT /nacos/v1/ns/instance', () => {
    const instanceUrl = '/nacos/v1/ns/instance';
    const address = { serviceName: 'single', ip: '10.2.0.1', port: 9000 };
    const getOne = (values: Record<string, string | number>) =>
      test.app.inject({ method: 'GET', url: `${instanceUrl}?${query({ ...values, ...admin() })}` });

    it("answers Nacos's instance shape, and 404 `no matched ip found!` for an unknown one", async () => {
      await test.app.inject({ method: 'POST', url: instanceUrl, ...form({ ...address, weight: 3, metadata: 'zone=b', ...admin() }) });
      const found = await getOne(address);
      expect(found.json()).toEqual({
        service: 'DEFAULT_GROUP@@single',
        ip: '10.2.0.1',
        port: 9000,
        clusterName: 'DEFAULT',
        weight: 3,
        healthy: true,
        instanceId: '10.2.0.1#9000#DEFAULT#DEFAULT_GROUP@@single',
        metadata: { zone: 'b' },
        enabled: true,
        ephemeral: true,
      });
      const missing = await getOne({ ...address, port: 9001 });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe('no matched ip found!');
    });

    it('updates weight, enabled and metadata of a registered instance; refuses an unknown one and registers nothing', async () => {
      const update = (values: Record<string, string | number>) =>
        test.app.inject({ method: 'PUT', url: instanceUrl, ...form({ ...address, ...values, ...admin() }) });
      expect((await update({ weight: 5, enabled: 'false', metadata: '{"zone":"c"}' })).body).toBe('ok');
      expect((await getOne(address)).json()).toMatchObject({ weight: 5, enabled: false, healthy: true, metadata: { zone: 'c' } });
      const unknown = await update({ port: 9002 });
      expect(unknown.statusCode).toBe(400);
      expect((await getOne({ ...address, port: 9002 })).statusCode).toBe(404);
    });
  });

  it("lists namespaces at /nacos/v1/console/namespaces in Nacos's shape, public as the empty id", async () => {
    const tokens = await signIn(test.app, sysadmin);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/admin/namespaces',
      ...withBearer(tokens, form({ namespaceId: 'dev', name: 'Development', description: 'for developers' })),
    });
    expect(created.json().code).toBe(200);
    const answer = await test.app.inject({ method: 'GET', url: `/nacos/v1/console/namespaces?${query(admin())}` });
    expect(answer.json()).toMatchObject({ code: 200, message: null });
    const listed = answer.json().data;
    expect(listed.find((namespace: { namespace: string }) => namespace.namespace === '')).toMatchObject({ type: 0, quota: 200 });
    expect(listed.find((namespace: { namespace: string }) => namespace.namespace === 'dev')).toEqual({
      namespace: 'dev',
      namespaceShowName: 'Development',
      namespaceDesc: 'for developers',
      quota: 200,
      configCount: 0,
      type: 2,
    });
  });

  it("reads one service at GET /nacos/v1/ns/service in Nacos's shape, 400 for an unknown one", async () => {
    await test.app.inject({
      method: 'POST',
      url: '/nacos/v1/ns/instance',
      ...form({ serviceName: 'detail', ip: '10.3.0.1', port: 1, clusterName: 'east', ...admin() }),
    });
    await test.app.inject({
      method: 'POST',
      url: '/nacos/v1/ns/instance',
      ...form({ serviceName: 'detail', ip: '10.3.0.2', port: 1, ...admin() }),
    });
    const found = await test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service?${query({ serviceName: 'detail', ...admin() })}` });
    expect(found.json()).toMatchObject({
      namespaceId: 'public',
      groupName: 'DEFAULT_GROUP',
      name: 'detail',
      protectThreshold: 0,
      metadata: {},
      selector: { type: 'none' },
    });
    expect(found.json().clusters.map((cluster: { name: string }) => cluster.name)).toEqual(['DEFAULT', 'east']);
    const missing = await test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service?${query({ serviceName: 'nothing', ...admin() })}` });
    expect(missing.statusCode).toBe(400);
    // Nacos's ServiceOperatorV2Impl text, the service named with its group.
    expect(missing.body).toBe('service not found, namespace: public, serviceName: DEFAULT_GROUP@@nothing');
  });

  it('answers a long poll at once under Long-Pulling-Timeout-No-Hangup', async () => {
    const answer = await test.app.inject({
      method: 'POST',
      url: `${configUrl}/listener`,
      ...form({ 'Listening-Configs': `nothing.yaml\u0002DEFAULT_GROUP\u0002\u0001`, ...admin() }),
      headers: { ...form({}).headers, 'long-pulling-timeout': '30000', 'long-pulling-timeout-no-hangup': 'true' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
  }, 10_000);

  describe('login under the sign-in rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ config: { signInRateLimit: 3 } });
    });
    afterAll(() => limited.close());

    it('meets the sign-in rate limit per address and user name', async () => {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/nacos/v1/auth/login', ...form(admin()) });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });

  describe('user name and password on every call, many calls at once', () => {
    let beating: TestApp;
    beforeAll(async () => {
      beating = await createTestApp({ config: { signInRateLimit: 3 } });
    });
    afterAll(() => beating.close());
    const serviceList = (credentials: Record<string, string>) =>
      beating.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?${query({ pageNo: 1, pageSize: 10, ...credentials })}` });

    it('checks the pair once for all of them, and refuses none under a limit of three checks a minute', async () => {
      const [adminBefore, staffBefore] = [
        await checkedPasswords(beating, sysadmin.userName),
        await checkedPasswords(beating, staff.userName),
      ];
      // Ten beats of one client at once, as at a Java client's start: one password check, not ten 429s.
      const answers = await Promise.all(Array.from({ length: 10 }, () => serviceList(admin())));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect((await checkedPasswords(beating, sysadmin.userName)) - adminBefore).toBe(1);
      // A wrong password sent by ten calls at once is one failed check toward the lock-out, not ten.
      const refused = await Promise.all(Array.from({ length: 10 }, () => serviceList({ username: staff.userName, password: 'not-it-1' })));
      expect(new Set(refused.map((answer) => answer.statusCode))).toEqual(new Set([403]));
      expect((await checkedPasswords(beating, staff.userName)) - staffBefore).toBe(1);
    });

    it('trusts a checked pair for a minute, then checks it again', async () => {
      expect((await serviceList(admin())).statusCode).toBe(200);
      const checked = await checkedPasswords(beating, sysadmin.userName);
      for (let i = 0; i < 3; i++) expect((await serviceList(admin())).statusCode).toBe(200);
      expect(await checkedPasswords(beating, sysadmin.userName)).toBe(checked);
      beating.clock.advance(60_001);
      expect((await serviceList(admin())).statusCode).toBe(200);
      expect((await checkedPasswords(beating, sysadmin.userName)) - checked).toBe(1);
    });
  });
});
