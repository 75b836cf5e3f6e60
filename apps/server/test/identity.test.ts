import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, requestToken, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`organisations, accounts and roles (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const organs: Record<string, number> = {};
  const roles: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const as = (tokens: Tokens) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) }),
    send: (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, payload, headers: bearer(tokens) }),
  });
  const su = () => as(admin);
  const createOrgan = async (code: string, typeCode: string, parent: number | null, struType = 'admin') => {
    const response = await su().send('POST', '/api/admin/organs', {
      organCode: code,
      organName: code,
      typeCode,
      struType,
      parentOrganId: parent,
    });
    if (response.statusCode === 200) organs[code] = response.json().data.id;
    return response;
  };
  const createAccount = async (userName: string, organ: string, extra: object = {}) => {
    const response = await su().send('POST', '/api/admin/accounts', {
      userName,
      name: userName,
      password: 'Secret@2026',
      confirmPassword: 'Secret@2026',
      organId: organs[organ],
      maxSessionNumber: -1,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const createRole = async (code: string, operations: string[], organScope: string[] | null) => {
    const role = await su().send('POST', '/api/admin/roles', {
      roleCode: code,
      roleName: code,
      roleScope: organScope ? 'organ' : 'global',
    });
    roles[code] = role.json().data.id;
    const ids = await t.context.db.selectFrom('pf_operation').select('id').where('operation_code', 'in', operations).execute();
    await su().send('PUT', `/api/admin/roles/${roles[code]}/operations`, { operationIds: ids.map((row) => row.id) });
    if (organScope)
      await su().send('PUT', `/api/admin/roles/${roles[code]}/organs`, { organIds: organScope.map((organ) => organs[organ]) });
    return roles[code] as number;
  };

  it('builds an organ tree in which types decide what sits under what, without cycles', async () => {
    expect((await createOrgan('HQ', 'CORP', null)).statusCode).toBe(200);
    expect((await createOrgan('SALES', 'DEPT', organs.HQ as number)).statusCode).toBe(200);
    expect((await createOrgan('TECH', 'DEPT', organs.HQ as number)).statusCode).toBe(200);
    expect((await createOrgan('WEB', 'TEAM', organs.TECH as number)).statusCode).toBe(200);
    const wrong = await createOrgan('BAD', 'TEAM', organs.HQ as number);
    expect(wrong.json().message).toBe('An organ of type 小组 cannot sit under HQ');
    expect((await createOrgan('HQ', 'CORP', null)).json().message).toBe('The code HQ already exists');

    // Reorder: TECH before SALES.
    await su().send('POST', `/api/admin/organs/${organs.TECH}/place`, { struType: 'admin', parentOrganId: organs.HQ, index: 0 });
    const tree = (await su().get('/api/admin/organs/tree?struType=admin')).json().data;
    expect(
      tree.find((node: { organCode: string }) => node.organCode === 'HQ').children.map((node: { organCode: string }) => node.organCode),
    ).toEqual(['TECH', 'SALES']);

    // The same organ in the business structure too.
    const placed = await su().send('POST', `/api/admin/organs/${organs.HQ}/place`, { struType: 'business', parentOrganId: null });
    expect(placed.statusCode).toBe(200);
    expect(
      (await su().get('/api/admin/organs/tree?struType=business')).json().data.map((node: { organCode: string }) => node.organCode),
    ).toEqual(['HQ']);

    const typeCode = await su().send('POST', '/api/admin/organ-types', { typeCode: 'TOOLONGCODE', typeName: 'x' });
    expect(typeCode.json().message).toBe('At most 10 characters');
    const refused = await su().send('POST', '/api/admin/organs/delete', { ids: [organs.TECH] });
    expect(refused.json().message).toBe('The organ still has sub-organs, positions, staff or accounts and cannot be deleted');
  });

  it('holds one employee per position', async () => {
    const position = await su().send('POST', '/api/admin/positions', {
      organId: organs.SALES,
      positionCode: 'sales_lead',
      positionName: 'Lead',
    });
    const positionId = position.json().data.id;
    const first = await su().send('POST', '/api/admin/staff', {
      staffCode: 'e1',
      staffName: 'Ann',
      organId: organs.SALES,
      positionId,
      mobile: '13800138001',
    });
    expect(first.statusCode).toBe(200);
    const second = await su().send('POST', '/api/admin/staff', {
      staffCode: 'e2',
      staffName: 'Bo',
      organId: organs.SALES,
      positionId,
      mobile: '13800138002',
    });
    expect(second.json().message).toBe('A position can have only one employee');
  });

  it('checks the confirmation, the policy and the IP policy syntax of a new account', async () => {
    const base = { userName: 'checked_user', name: 'x', organId: organs.SALES, maxSessionNumber: -1 };
    const mismatch = await su().send('POST', '/api/admin/accounts', { ...base, password: 'Secret@2026', confirmPassword: 'Secret@2027' });
    expect(mismatch.json().message).toBe('The password and its confirmation do not match');
    const weak = await su().send('POST', '/api/admin/accounts', { ...base, password: 'weak', confirmPassword: 'weak' });
    expect(weak.json().message).toMatch(/^The password does not meet the policy: at least 8 characters/);
    const badIp = await su().send('POST', '/api/admin/accounts', {
      ...base,
      password: 'Secret@2026',
      confirmPassword: 'Secret@2026',
      ipPolicy: '10.0.0',
    });
    expect(badIp.json().message).toMatch(/^Invalid IP policy/);
    const zeroSessions = await su().send('POST', '/api/admin/accounts', {
      ...base,
      password: 'Secret@2026',
      confirmPassword: 'Secret@2026',
      maxSessionNumber: 0,
    });
    expect(zeroSessions.json().message).toBe('Enter -1 (unlimited) or a positive integer');
  });

  it('limits an organ-scoped administrator to the accounts in range, in the list and by direct call', async () => {
    const inside = await createAccount('web_dev01', 'WEB');
    const outside = await createAccount('sales_rep01', 'SALES');
    await createRole('tech_admin', ['account:view', 'account:edit', 'organ:view'], ['TECH']);
    const techAdmin = await createAccount('tech_admin01', 'TECH', { administrator: true, manageRange: organs.TECH });
    await su().send('POST', '/api/admin/roles/authorise', { accountIds: [techAdmin], roleIds: [roles.tech_admin] });
    // The spec's field names (section 3): administrator and staff, beside manageRange.
    expect((await su().get(`/api/admin/accounts/${techAdmin}`)).json().data).toMatchObject({
      administrator: true,
      manageRange: organs.TECH,
      staff: null,
    });
    const tokens = await signIn(t.app, { userName: 'tech_admin01', password: 'Secret@2026' });

    const listed = (await as(tokens).get('/api/admin/accounts?limit=100'))
      .json()
      .data.records.map((row: { userName: string }) => row.userName);
    expect(listed.sort()).toEqual(['tech_admin01', 'web_dev01']);
    expect((await as(tokens).get(`/api/admin/accounts/${inside}`)).statusCode).toBe(200);
    expect((await as(tokens).get(`/api/admin/accounts/${outside}`)).statusCode).toBe(404);
    expect((await as(tokens).send('POST', `/api/admin/accounts/${outside}/lock`, {})).statusCode).toBe(404);
    expect((await as(tokens).get(`/api/admin/accounts?organId=${organs.SALES}`)).json().data.total).toBe(0);
    const tree = (await as(tokens).get('/api/admin/organs/tree')).json().data;
    expect(tree.map((node: { organCode: string }) => node.organCode)).toEqual(['TECH']);
    // Creating an account outside the range is refused.
    const foreign = await as(tokens).send('POST', '/api/admin/accounts', {});
    expect(foreign.statusCode).toBe(403);
  });

  it('never adds up two roles: viewing one organ and locking in another does not allow locking in the first', async () => {
    await createRole('view_sales', ['account:view'], ['SALES']);
    await createRole('edit_web', ['account:view', 'account:edit'], ['WEB']);
    const mixed = await createAccount('mixed_user', 'HQ');
    await su().send('POST', '/api/admin/roles/authorise', { accountIds: [mixed], roleIds: [roles.view_sales, roles.edit_web] });
    const tokens = await signIn(t.app, { userName: 'mixed_user', password: 'Secret@2026' });
    const salesRep = (await su().get('/api/admin/accounts?userName=sales_rep01')).json().data.records[0].id;
    const webDev = (await su().get('/api/admin/accounts?userName=web_dev01')).json().data.records[0].id;
    expect((await as(tokens).get(`/api/admin/accounts/${salesRep}`)).statusCode).toBe(200);
    expect((await as(tokens).send('POST', `/api/admin/accounts/${salesRep}/lock`, {})).statusCode).toBe(404);
    expect((await as(tokens).send('POST', `/api/admin/accounts/${webDev}/lock`, {})).json().data.userStatus).toBe('lock');
    await su().send('POST', `/api/admin/accounts/${webDev}/unlock`, {});
  });

  it('keeps a role in use and the super administrator role as they are', async () => {
    const inUse = await su().send('POST', '/api/admin/roles/delete', { ids: [roles.tech_admin] });
    expect(inUse.json().message).toBe('The role is still authorised to users; cancel those authorisations before deleting it');
    const superRole = await t.context.db.selectFrom('iam_role').select('id').where('is_super', '=', 1).executeTakeFirstOrThrow();
    const change = await su().send('PUT', `/api/admin/roles/${superRole.id}/operations`, { operationIds: [] });
    expect(change.json().message).toBe("The super administrator role's authorisation cannot be changed");
    const techAdmin = (await su().get('/api/admin/accounts?userName=tech_admin01')).json().data.records[0].id;
    await su().send('POST', '/api/admin/roles/authorise', { accountIds: [techAdmin], roleIds: [roles.tech_admin], revoke: true });
    expect((await su().send('POST', '/api/admin/roles/delete', { ids: [roles.tech_admin] })).json().data.deleted).toBe(1);
  });

  it('refuses a sign-in from an address the IP policy forbids', async () => {
    await createAccount('ip_checked', 'SALES', { isUseIpChecked: true, ipPolicy: '10.0.0.*;-127.0.0.1' });
    const response = await requestToken(t.app, 'ip_checked', 'Secret@2026');
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: 'This account may not sign in from your address' });
    const logged = await t.context.db
      .selectFrom('audit_login_log')
      .select('result')
      .where('user_name', '=', 'ip_checked')
      .executeTakeFirst();
    expect(logged?.result).toBe('ipRefused');
  });

  it('ends the oldest session beyond the limit, lists sessions and ends one', async () => {
    const id = await createAccount('one_session', 'SALES', { maxSessionNumber: 1 });
    const first = await signIn(t.app, { userName: 'one_session', password: 'Secret@2026' });
    const second = await signIn(t.app, { userName: 'one_session', password: 'Secret@2026' });
    expect((await as(first).get('/api/admin/current/user')).statusCode).toBe(401);
    const sessions = (await su().get(`/api/admin/accounts/${id}/sessions`)).json().data.records;
    expect(sessions).toHaveLength(1);
    await su().send('POST', `/api/admin/accounts/${id}/sessions/${sessions[0].id}/end`, {});
    expect((await as(second).get('/api/admin/current/user')).statusCode).toBe(401);
  });

  it('lets an expired password sign in for the grace sign-ins, each asking for a change, then refuses it', async () => {
    await su().send('PUT', '/api/admin/password-policy', {
      pwdMinLength: 8,
      pwdMaxLength: 32,
      isUpCase: true,
      isLowerCase: true,
      isNum: true,
      isSpecialChar: true,
      loginAttempts: 5,
      pwdLockTime: 30,
      pwdLifeTime: 1,
      pwdGraceTime: 2,
    });
    await createAccount('expiring', 'SALES');
    t.clock.advance(2 * 86_400_000);
    // Access tokens last an hour: the administrator signs in again (their password has aged too).
    admin = await signIn(t.app, sysadmin);
    for (let grace = 0; grace < 2; grace++) {
      const tokens = await signIn(t.app, { userName: 'expiring', password: 'Secret@2026' });
      expect((await as(tokens).get('/api/admin/current/user')).json().data.passwordExpired).toBe(true);
    }
    const refused = await requestToken(t.app, 'expiring', 'Secret@2026');
    expect(refused.json().error_description).toBe('The password has expired; ask an administrator to reset it');
    const bad = await su().send('PUT', '/api/admin/password-policy', { pwdMinLength: 0 });
    expect(bad.statusCode).toBe(400);
    const policy = (await su().get('/api/admin/password-policy')).json().data;
    expect(policy.pwdLifeTime).toBe(1);
    await su().send('PUT', '/api/admin/password-policy', { ...policy, pwdLifeTime: 0 });
  });

  it('keeps a client-only account out of the back-office but lets it call the Nacos API', async () => {
    await createRole('nacos_client', ['registry:client'], null);
    const id = await createAccount('machine01', 'SALES', { authStrategy: 'clientOnly' });
    await su().send('POST', '/api/admin/roles/authorise', { accountIds: [id], roleIds: [roles.nacos_client] });
    const refused = await requestToken(t.app, 'machine01', 'Secret@2026');
    expect(refused.json().error_description).toBe('This account is for API clients only and cannot sign in to the back-office');
    const nacos = await t.app.inject({ method: 'GET', url: '/nacos/v1/ns/service/list?username=machine01&password=Secret%402026' });
    expect(nacos.statusCode).toBe(200);
  });

  it('answers working days and adds working days per organ', async () => {
    const organ = organs.SALES as number;
    const weekends = await su().send('POST', `/api/admin/work-calendar/${organ}/weekends`, { month: '2026-11' });
    expect(weekends.json().data).toHaveLength(9);
    await su().send('PUT', `/api/admin/work-calendar/${organ}`, { dates: ['2026-11-26'], isWorking: false });
    const month = (await su().get(`/api/admin/work-calendar/${organ}?month=2026-11`)).json().data;
    expect(month).toHaveLength(30);
    expect(month.filter((day: { isWorking: boolean }) => !day.isWorking)).toHaveLength(10);
    const friday = (await su().get(`/api/admin/work-calendar/${organ}/working-day?date=2026-11-20&add=5`)).json().data;
    // From Friday the 20th: 23, 24, 25, (26 holiday), 27, 30.
    expect(friday).toEqual({ date: '2026-11-20', isWorking: true, plus: 5, result: '2026-11-30' });
    const back = (await su().get(`/api/admin/work-calendar/${organ}/working-day?date=2026-11-30&add=-5`)).json().data;
    expect(back.result).toBe('2026-11-20');
    const saturday = (await su().get(`/api/admin/work-calendar/${organ}/working-day?date=2026-11-21`)).json().data;
    expect(saturday.isWorking).toBe(false);
    for (const bad of ['?month=2026-13', '/working-day?date=2026-02-31']) {
      expect((await su().get(`/api/admin/work-calendar/${organ}${bad}`)).statusCode).toBe(400);
    }
    // Another organ has not marked anything.
    expect((await su().get(`/api/admin/work-calendar/${organs.TECH}/working-day?date=2026-11-21`)).json().data.isWorking).toBe(true);
  });

  it('edits menus, refuses a non-integer order, and logs every change with the record before and after', async () => {
    const type = (await su().get('/api/admin/menu-types')).json().data.records[0];
    const bad = await su().send('POST', `/api/admin/menu-types/${type.id}/menus`, { menuCode: 'extra', menuName: 'Extra', seq: '1.5' });
    expect(bad.statusCode).toBe(400);
    const created = await su().send('POST', `/api/admin/menu-types/${type.id}/menus`, {
      menuCode: 'extra',
      menuName: 'Extra',
      seq: 9,
      isLeaf: true,
      menuPath: 'https://example.org',
    });
    expect(created.statusCode).toBe(200);
    const logs = (await su().get('/api/admin/operation-logs?operation=menu:add')).json().data.records;
    expect(logs[0]).toMatchObject({ userName: 'sysadmin', operation: 'menu:add', result: 'success' });
    const edits = (await su().get('/api/admin/operation-logs?operation=account:add&limit=100')).json().data;
    expect(edits.total).toBeGreaterThan(5);
    expect(JSON.parse(edits.records[0].params).body.password).toBe('******');
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/operation-logs/export', headers: bearer(admin) });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const ofType = (await su().get('/api/admin/operation-logs?logType=menu&limit=100')).json().data;
    expect(ofType.total).toBeGreaterThan(0);
    expect(ofType.records.every((row: { operation: string }) => row.operation.startsWith('menu:'))).toBe(true);
    expect((await su().get('/api/admin/operation-logs?logType=bogus')).statusCode).toBe(400);
  });
});
