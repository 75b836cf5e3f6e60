import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/**
 * The escalation table: every data-level rule of the policy as rows of (caller's grants, action,
 * target) -> the refusal expected, with the authority tables compared before and after each row and a
 * `refused` row in the operation log. Positive rows beside them show the rules refuse what they
 * should and nothing more.
 */
describe(`escalation table (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const organs: Record<string, number> = {};
  const serialRules: Record<string, number> = {};
  const roles: Record<string, number> = {};
  const accounts: Record<string, number> = {};
  const tokens: Record<string, Tokens> = {};
  const password = 'Secret@2026';

  const { call, ok, su, operationIds, createAccount } = namedCalls(() => t, tokens);

  async function role(code: string, operations: string[], scope: { organs?: string[]; belongTo?: string } | 'global') {
    const created = await ok(
      await su('POST', '/api/admin/roles', {
        roleCode: code,
        roleName: code,
        roleScope: scope === 'global' ? 'global' : 'organ',
        belongToOrgan: scope === 'global' || !scope.belongTo ? null : organs[scope.belongTo],
      }),
    );
    roles[code] = created.id;
    await ok(await su('PUT', `/api/admin/roles/${created.id}/operations`, { operationIds: await operationIds(operations) }));
    if (scope !== 'global' && scope.organs) {
      await ok(await su('PUT', `/api/admin/roles/${created.id}/organs`, { organIds: scope.organs.map((organ) => organs[organ]) }));
    }
  }

  async function account(userName: string, organ: string, roleCodes: string[], extra: object = {}) {
    const id = await createAccount({ userName, password, organId: organs[organ] as number }, extra);
    accounts[userName] = id;
    if (roleCodes.length > 0) {
      await ok(
        await su('POST', '/api/admin/roles/authorise', {
          accountIds: [id],
          roleIds: roleCodes.map((code) => roles[code]),
          revoke: false,
        }),
      );
    }
    tokens[userName] = await signIn(t.app, { userName, password });
  }

  /** Everything that decides who may do what, and every credential. */
  async function authorityState() {
    const db = t.context.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('iam_account').selectAll().orderBy('id').execute(),
        db.selectFrom('iam_account_role').selectAll().orderBy('account_id').orderBy('role_id').execute(),
        db.selectFrom('iam_role').selectAll().orderBy('id').execute(),
        db.selectFrom('iam_role_operation').selectAll().orderBy('role_id').orderBy('operation_id').execute(),
        db.selectFrom('iam_role_organ').selectAll().orderBy('role_id').orderBy('organ_id').execute(),
        db.selectFrom('iam_position').selectAll().orderBy('id').execute(),
        db.selectFrom('iam_staff').selectAll().orderBy('id').execute(),
        db.selectFrom('auth_session').select(['id', 'revoked_at']).orderBy('id').execute(),
      ]),
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    accounts.sysadmin = (await su('GET', '/api/admin/current/user')).json().data.id;
    const organ = async (code: string, typeCode: string, parent: string | null) => {
      const created = await ok(
        await su('POST', '/api/admin/organs', {
          organCode: code,
          organName: code,
          typeCode,
          struType: 'admin',
          parentOrganId: parent === null ? null : organs[parent],
        }),
      );
      organs[code] = created.id;
    };
    await organ('E_HQ', 'CORP', null);
    await organ('E_O2', 'DEPT', 'E_HQ');
    await organ('E_O3', 'DEPT', 'E_HQ');
    await ok(await su('POST', '/api/admin/positions', { organId: organs.E_O3, positionCode: 'E_P3', positionName: 'P3' }));

    await role('e_account_admin', ['account:view', 'account:edit', 'account:delete'], 'global');
    await role('e_grant_admin', ['role:view', 'role:grant', 'account:view'], 'global');
    await role('e_everything', ['role:view', 'role:add', 'role:edit', 'role:grant', 'account:view', 'account:edit'], 'global');
    await role('e_o2_roles', ['role:view', 'role:edit', 'role:grant', 'account:view', 'account:edit'], { belongTo: 'E_O2' });
    await role('e_o2_small', ['account:view'], { belongTo: 'E_O2' });
    await role('e_o3_role', ['account:view', 'account:edit'], { belongTo: 'E_O3' });
    await role('e_o2_organs', ['organ:view', 'organ:add'], { belongTo: 'E_O2' });
    await role('e_range', ['account:view', 'account:edit'], 'global');
    await role('e_o2_serials', ['serial:view', 'serial:next'], { belongTo: 'E_O2' });
    await role('e_news_writer', ['portal:news:view', 'portal:news:add', 'portal:news:edit'], 'global');

    await account('e_acct_admin', 'E_HQ', ['e_account_admin']);
    await account('e_grant_admin', 'E_HQ', ['e_grant_admin']);
    await account('e_everything_admin', 'E_HQ', ['e_everything']);
    await account('e_o2_admin', 'E_O2', ['e_o2_roles']);
    await account('e_o2_member', 'E_O2', ['e_o2_small']);
    await account('e_organ_admin', 'E_O2', ['e_o2_organs']);
    await account('e_range_admin', 'E_O2', ['e_range'], { administrator: true, manageRange: organs.E_O2 });
    await account('e_plain', 'E_O3', []);
    await account('e_o2_numbers', 'E_O2', ['e_o2_serials']);
    await account('e_writer', 'E_HQ', ['e_news_writer']);

    const serialRule = (organ: string | null, idPrefix: string) => ({
      idId: 'E_SER',
      idName: 'E_SER',
      isGlobal: organ === null,
      organId: organ === null ? null : organs[organ],
      idLength: 4,
      idType: 'sequence',
      isPrefix: true,
      idPrefix,
      isSuffix: false,
      idSuffix: '',
    });
    for (const [organ, prefix] of [
      [null, 'G'],
      ['E_O2', 'B'],
      ['E_O3', 'C'],
    ] as const) {
      serialRules[organ ?? 'global'] = (await ok(await su('POST', '/api/admin/serial-rules', serialRule(organ, prefix)))).id;
    }
  });
  afterAll(async () => t.close());

  interface Row {
    rule: string;
    caller: string;
    action: () => Promise<{ statusCode: number; body: string }>;
    status: number;
    message?: RegExp;
    /** Further state the refusal must leave as it was (the authority tables are always compared). */
    state?: () => Promise<unknown>;
    /** Reads and previews are not operations the log keeps; a refused one leaves no row there. */
    logged?: false;
  }
  const id = (name: string) => accounts[name] as number;
  const roleId = (code: string) => roles[code] as number;
  const roleBody = (code: string, extra: object) => ({ roleCode: code, roleName: code, ...extra });
  const accountBody = (name: string, extra: object = {}) => ({
    userName: name,
    name,
    organId: null,
    staff: null,
    administrator: false,
    manageRange: null,
    maxSessionNumber: -1,
    isUseIpChecked: false,
    ipPolicy: '',
    authStrategy: 'password',
    ...extra,
  });
  /** Gives (or takes back) roles to accounts, as `who`. */
  const authorise = (who: string, accountIds: number[], roleIds: number[], revoke = false) =>
    call(who, 'POST', '/api/admin/roles/authorise', { accountIds, roleIds, revoke });
  /** Resets an account's password, as `who`. */
  const resetPassword = (who: string, accountId: number, password = 'Taken@2026x') =>
    call(who, 'POST', `/api/admin/accounts/${accountId}/password`, { password, confirmPassword: password });
  const serialState = () => t.context.db.selectFrom('sys_serial_rule').selectAll().orderBy('id').execute();
  const superRoleId = async () =>
    (await t.context.db.selectFrom('iam_role').select('id').where('is_super', '=', 1).executeTakeFirstOrThrow()).id;

  const rows: Row[] = [
    // The super administrator is only ever changed by itself.
    {
      rule: 'account admin resets the super administrator password',
      caller: 'e_acct_admin',
      action: () => resetPassword('e_acct_admin', id('sysadmin')),
      status: 403,
      message: /only be changed by itself/,
    },
    {
      rule: 'account admin edits the super administrator',
      caller: 'e_acct_admin',
      action: () =>
        call('e_acct_admin', 'PUT', `/api/admin/accounts/${id('sysadmin')}`, accountBody('sysadmin', { authStrategy: 'clientOnly' })),
      status: 403,
    },
    {
      rule: 'account admin locks the super administrator',
      caller: 'e_acct_admin',
      action: () => call('e_acct_admin', 'POST', `/api/admin/accounts/${id('sysadmin')}/lock`, {}),
      status: 403,
    },
    {
      rule: "account admin ends the super administrator's session",
      caller: 'e_acct_admin',
      action: async () => {
        const [session] = await t.context.db.selectFrom('auth_session').select('id').where('account_id', '=', id('sysadmin')).execute();
        return call('e_acct_admin', 'POST', `/api/admin/accounts/${id('sysadmin')}/sessions/${session?.id}/end`, {});
      },
      status: 403,
    },
    {
      rule: 'account admin deletes the super administrator',
      caller: 'e_acct_admin',
      action: () => call('e_acct_admin', 'POST', '/api/admin/accounts/delete', { ids: [id('sysadmin')] }),
      status: 403,
    },
    {
      rule: 'role granter takes the super role from the super administrator',
      caller: 'e_grant_admin',
      action: async () => authorise('e_grant_admin', [id('sysadmin')], [await superRoleId()], true),
      status: 400,
    },
    // Grant only what you hold, on every path that grants.
    {
      rule: 'role granter assigns themselves a role carrying operations they lack',
      caller: 'e_grant_admin',
      action: () => authorise('e_grant_admin', [id('e_grant_admin')], [roleId('e_everything')]),
      status: 403,
    },
    {
      rule: 'role granter assigns someone else a role carrying operations they lack',
      caller: 'e_grant_admin',
      action: () => authorise('e_grant_admin', [id('e_plain')], [roleId('e_everything')]),
      status: 403,
      message: /only grant what you hold/,
    },
    {
      rule: 'role granter assigns themselves a role they hold in full (no self-assignment)',
      caller: 'e_grant_admin',
      action: () => authorise('e_grant_admin', [id('e_grant_admin')], [roleId('e_o2_small')]),
      status: 400,
      message: /own account/,
    },
    {
      rule: 'role granter gives the super role',
      caller: 'e_grant_admin',
      action: async () => authorise('e_grant_admin', [id('e_plain')], [await superRoleId()]),
      status: 400,
    },
    {
      rule: 'role granter puts an operation they lack into a role',
      caller: 'e_grant_admin',
      action: async () =>
        call('e_grant_admin', 'PUT', `/api/admin/roles/${roleId('e_o2_small')}/operations`, {
          operationIds: await operationIds(['account:view', 'account:delete']),
        }),
      status: 403,
    },
    {
      rule: 'account admin resets the password of an account holding more than they do',
      caller: 'e_acct_admin',
      action: () => resetPassword('e_acct_admin', id('e_grant_admin')),
      status: 403,
    },
    {
      rule: 'role granter puts an operation they lack into several roles at once',
      caller: 'e_grant_admin',
      action: async () =>
        call('e_grant_admin', 'POST', '/api/admin/roles/operations/batch', {
          roleIds: [roleId('e_o2_small'), roleId('e_o3_role')],
          operationIds: await operationIds(['account:delete']),
          revoke: false,
        }),
      status: 403,
      message: /only grant what you hold/,
    },
    {
      rule: 'role granter batch-grants into the super role beside a role they may change',
      caller: 'e_everything_admin',
      action: async () =>
        call('e_everything_admin', 'POST', '/api/admin/roles/operations/batch', {
          roleIds: [roleId('e_o2_small'), await superRoleId()],
          operationIds: await operationIds(['account:view']),
          revoke: true,
        }),
      status: 400,
    },
    {
      rule: 'organ-2 role admin batch-grants organ 3 to a role of organ 2',
      caller: 'e_o2_admin',
      action: () =>
        call('e_o2_admin', 'POST', '/api/admin/roles/organs/batch', {
          roleIds: [roleId('e_o2_small')],
          organIds: [organs.E_O3],
          revoke: false,
        }),
      status: 403,
    },
    {
      rule: 'organ-2 role admin batch-takes organ 3 from an organ-3 role',
      caller: 'e_o2_admin',
      action: () =>
        call('e_o2_admin', 'POST', '/api/admin/roles/organs/batch', {
          roleIds: [roleId('e_o3_role')],
          organIds: [organs.E_O3],
          revoke: true,
        }),
      status: 403,
    },
    // Role edits never widen scope and respect the role's organ.
    {
      rule: 'organ-2 role admin saves their own role as global',
      caller: 'e_o2_admin',
      action: () =>
        call(
          'e_o2_admin',
          'PUT',
          `/api/admin/roles/${roleId('e_o2_roles')}`,
          roleBody('e_o2_roles', { roleScope: 'global', belongToOrgan: organs.E_O2 }),
        ),
      status: 403,
    },
    {
      rule: 'organ-2 role admin saves their own role without a scope (the default is global)',
      caller: 'e_o2_admin',
      action: () =>
        call('e_o2_admin', 'PUT', `/api/admin/roles/${roleId('e_o2_roles')}`, roleBody('e_o2_roles', { belongToOrgan: organs.E_O2 })),
      status: 403,
    },
    {
      rule: 'organ-2 role admin grants organ 3 to their own role',
      caller: 'e_o2_admin',
      action: () => call('e_o2_admin', 'PUT', `/api/admin/roles/${roleId('e_o2_roles')}/organs`, { organIds: [organs.E_O3] }),
      status: 403,
    },
    {
      rule: 'organ-2 role admin renames an organ-3 role',
      caller: 'e_o2_admin',
      action: () =>
        call(
          'e_o2_admin',
          'PUT',
          `/api/admin/roles/${roleId('e_o3_role')}`,
          roleBody('e_o3_taken', { roleScope: 'organ', belongToOrgan: organs.E_O3 }),
        ),
      status: 403,
    },
    {
      rule: 'organ-2 role admin changes the operations of an organ-3 role',
      caller: 'e_o2_admin',
      action: async () =>
        call('e_o2_admin', 'PUT', `/api/admin/roles/${roleId('e_o3_role')}/operations`, {
          operationIds: await operationIds(['account:view']),
        }),
      status: 403,
    },
    {
      rule: 'organ-2 role admin moves an organ-3 role into organ 2',
      caller: 'e_o2_admin',
      action: () =>
        call(
          'e_o2_admin',
          'PUT',
          `/api/admin/roles/${roleId('e_o3_role')}`,
          roleBody('e_o3_role', { roleScope: 'organ', belongToOrgan: organs.E_O2 }),
        ),
      status: 403,
    },
    {
      rule: 'organ-2 role admin assigns themselves an organ-3 role',
      caller: 'e_o2_admin',
      action: () => authorise('e_o2_admin', [id('e_o2_admin')], [roleId('e_o3_role')]),
      status: 403,
    },
    // An account's own authority is not changed through administration.
    {
      rule: 'manage-range admin lifts their own range by saving administrator false',
      caller: 'e_range_admin',
      action: () =>
        call('e_range_admin', 'PUT', `/api/admin/accounts/${id('e_range_admin')}`, accountBody('e_range_admin', { organId: organs.E_O2 })),
      status: 400,
      message: /own account/,
    },
    {
      rule: 'manage-range admin edits an account outside their range',
      caller: 'e_range_admin',
      action: () => call('e_range_admin', 'PUT', `/api/admin/accounts/${id('e_plain')}`, accountBody('e_plain', { organId: organs.E_O3 })),
      status: 404,
    },
    // Positions and staff stay in scope.
    {
      rule: 'organ-2 admin fills a position of organ 3 with an employee of organ 2',
      caller: 'e_organ_admin',
      action: async () => {
        const position = await t.context.db
          .selectFrom('iam_position')
          .select('id')
          .where('position_code', '=', 'E_P3')
          .executeTakeFirstOrThrow();
        return call('e_organ_admin', 'POST', '/api/admin/staff', {
          staffCode: 'E_S1',
          staffName: 'S1',
          mobile: '13800138000',
          organId: organs.E_O2,
          positionId: position.id,
        });
      },
      status: 400,
    },
    {
      rule: 'organ-2 admin adds a position to organ 3',
      caller: 'e_organ_admin',
      action: () =>
        call('e_organ_admin', 'POST', '/api/admin/positions', { organId: organs.E_O3, positionCode: 'E_P9', positionName: 'P9' }),
      status: 403,
    },
    // Records kept per organ are read and used only in scope.
    {
      rule: "organ-2 account draws a number from organ 3's rule",
      caller: 'e_o2_numbers',
      action: () => call('e_o2_numbers', 'POST', `/api/admin/serial-numbers/E_SER/next?organId=${organs.E_O3}`),
      status: 403,
      state: serialState,
    },
    {
      rule: "organ-2 account reads organ 3's serial rule",
      caller: 'e_o2_numbers',
      action: () => call('e_o2_numbers', 'GET', `/api/admin/serial-rules/${serialRules.E_O3}`),
      status: 404,
      logged: false,
    },
    {
      rule: 'organ-2 role admin reads the operations of an organ-3 role',
      caller: 'e_o2_admin',
      action: () => call('e_o2_admin', 'GET', `/api/admin/roles/${roleId('e_o3_role')}/operations`),
      status: 404,
      logged: false,
    },
    {
      rule: 'organ-2 role admin reads the organs of an organ-3 role',
      caller: 'e_o2_admin',
      action: () => call('e_o2_admin', 'GET', `/api/admin/roles/${roleId('e_o3_role')}/organs`),
      status: 404,
      logged: false,
    },
    // What shows on the site at once takes the right to publish.
    {
      rule: 'news writer without the publish right makes a preview link',
      caller: 'e_writer',
      action: () =>
        call('e_writer', 'POST', '/api/admin/portal/news/preview?id=0', {
          title: 'Leak',
          summary: 'Not yet announced',
          cover: '/site/qr-contact.svg',
          body: '<p>Not yet</p>',
          publishedAt: '2026-11-22 08:00',
          pinned: false,
        }),
      status: 403,
      message: /right to publish news/,
      state: () => t.context.db.selectFrom('portal_preview').selectAll().orderBy('token').execute(),
      logged: false,
    },
    // The last super administrator keeps a way in.
    {
      rule: 'the last super administrator revokes its own super role',
      caller: 'sysadmin',
      action: async () => authorise('sysadmin', [id('sysadmin')], [await superRoleId()], true),
      status: 400,
      message: /last super administrator/,
    },
    {
      rule: 'the last super administrator makes itself client-only',
      caller: 'sysadmin',
      action: () => su('PUT', `/api/admin/accounts/${id('sysadmin')}`, accountBody('sysadmin', { authStrategy: 'clientOnly' })),
      status: 400,
    },
    {
      rule: 'the super administrator gives itself an IP policy that shuts it out',
      caller: 'sysadmin',
      action: () =>
        su('PUT', `/api/admin/accounts/${id('sysadmin')}`, accountBody('sysadmin', { isUseIpChecked: true, ipPolicy: '10.0.0.*' })),
      status: 400,
      message: /shut out/,
    },
    {
      rule: 'the super administrator deletes itself',
      caller: 'sysadmin',
      action: () => su('POST', '/api/admin/accounts/delete', { ids: [id('sysadmin')] }),
      status: 400,
    },
    {
      rule: 'the super administrator locks itself out',
      caller: 'sysadmin',
      action: () => su('POST', `/api/admin/accounts/${id('sysadmin')}/lock`),
      status: 400,
      message: /own account/,
      state: () =>
        t.context.db.selectFrom('iam_account').select(['user_status', 'locked_until']).where('user_name', '=', 'sysadmin').execute(),
    },
  ];

  it.each(rows)('refuses: $rule', async (row) => {
    const before = await authorityState();
    const stateBefore = JSON.stringify(await row.state?.());
    const logged = await t.context.db.selectFrom('audit_operation_log').select('id').where('result', '=', 'refused').execute();
    const response = await row.action();
    expect(response.statusCode, response.body).toBe(row.status);
    if (row.message) expect(JSON.parse(response.body).message).toMatch(row.message);
    expect(await authorityState()).toBe(before);
    expect(JSON.stringify(await row.state?.())).toBe(stateBefore);
    if (row.logged === false) return;
    const refusals = await t.context.db
      .selectFrom('audit_operation_log')
      .select(['user_name', 'result'])
      .where('result', '=', 'refused')
      .orderBy('id')
      .execute();
    expect(refusals.length).toBe(logged.length + 1);
    expect(refusals.at(-1)?.user_name).toBe(row.caller);
  });

  it('still lets each caller do what the rules allow', async () => {
    // Account admin may reset the password of an account holding nothing beyond their own grants.
    await ok(await resetPassword('e_acct_admin', id('e_plain'), 'Fresh@2026x'));
    // Role granter may give a role they hold in full to someone else.
    await ok(await authorise('e_grant_admin', [id('e_plain')], [roleId('e_o2_small')]));
    // Organ-2 role admin may rename a role of organ 2 that carries only what they hold.
    await ok(
      await call(
        'e_o2_admin',
        'PUT',
        `/api/admin/roles/${roleId('e_o2_small')}`,
        roleBody('e_o2_small', { roleScope: 'organ', belongToOrgan: organs.E_O2 }),
      ),
    );
    // The super administrator may tighten its own IP policy while keeping its address.
    await ok(
      await su(
        'PUT',
        `/api/admin/accounts/${id('sysadmin')}`,
        accountBody('sysadmin', { isUseIpChecked: true, ipPolicy: '127.0.0.1;10.0.0.*' }),
      ),
    );
    const log = await t.context.db
      .selectFrom('audit_operation_log')
      .select(['operation', 'result', 'params'])
      .where('user_name', '=', 'e_acct_admin')
      .where('result', '=', 'success')
      .execute();
    expect(log.map((row) => row.operation)).toContain('account:edit');
    expect(log.every((row) => !row.params.includes('Fresh@2026x'))).toBe(true);
  });

  it('lists roles and serial rules of the organs in scope and the global ones, and draws numbers in scope', async () => {
    const roleCodes = async (who: string) =>
      (await ok(await call(who, 'GET', '/api/admin/roles?limit=100'))).records.map((row: { roleCode: string }) => row.roleCode);
    const seenByOrgan2 = await roleCodes('e_o2_admin');
    expect(seenByOrgan2).toEqual(expect.arrayContaining(['e_o2_roles', 'e_o2_small', 'e_o2_organs', 'e_account_admin', 'e_range']));
    expect(seenByOrgan2).not.toContain('e_o3_role');
    expect(await roleCodes('sysadmin')).toContain('e_o3_role');
    await ok(await call('e_o2_admin', 'GET', `/api/admin/roles/${roleId('e_o2_small')}/operations`));

    const rules = (await ok(await call('e_o2_numbers', 'GET', '/api/admin/serial-rules?idId=E_SER&limit=10'))).records;
    expect(rules.map((rule: { id: number }) => rule.id).sort()).toEqual([serialRules.global, serialRules.E_O2].sort());
    await ok(await call('e_o2_numbers', 'GET', `/api/admin/serial-rules/${serialRules.global}`));
    expect((await ok(await call('e_o2_numbers', 'POST', `/api/admin/serial-numbers/E_SER/next?organId=${organs.E_O2}`))).number).toBe(
      'B0001',
    );
    expect((await ok(await call('e_o2_numbers', 'POST', '/api/admin/serial-numbers/E_SER/next'))).number).toBe('G0001');
  });

  it('prints how many rules the table holds', () => {
    console.log(`escalation table: ${rows.length} refused rows`);
    expect(rows.length).toBeGreaterThanOrEqual(25);
  });
});
