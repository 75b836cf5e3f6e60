import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { Caller } from '../src/http/caller.ts';
import { AppError } from '../src/http/errors.ts';
import { audited } from '../src/modules/audit/audited.ts';
import { UndecidedChangeError } from '../src/modules/audit/decisions.ts';
import {
  holdsOperation,
  Operation,
  organsVisibleAmong,
  requireNewsEdit,
  requireOrganInScope,
  requireOrganPlacement,
  requireOrganRecordChange,
  requireOrgansInScope,
  requireOwnRecord,
  requireWholeScope,
} from '../src/modules/iam/policy.ts';
import { createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/**
 * Every change asks the policy: `audited()` refuses one that no decision covered, and the decisions
 * moved into the policy (records kept under an organ, news, self-service, second operations) allow and
 * refuse per scope as the services did when they wrote them in place.
 */
describe(`policy coverage (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const organs: Record<string, number> = {};
  const accounts: Record<string, number> = {};
  const { ok, su, operationIds, scopedRole, createAccount } = namedCalls(() => t, tokens);
  const password = 'Secret@2026';

  /** A caller as the guard builds it for a request to a route of this operation. */
  async function callerOf(userName: string | null, operationCode: string): Promise<Caller> {
    const [operationId] = await operationIds([operationCode]);
    const session =
      userName === null
        ? null
        : {
            sessionId: `test-${userName}`,
            accountId: accounts[userName] as number,
            userName,
            isSuper: userName === 'sysadmin',
            expiresAt: Number.MAX_SAFE_INTEGER,
          };
    return new Caller(t.context.db, t.context.accessCache, session, operationId ?? null, '127.0.0.1', 'en');
  }

  const dictionaryCount = async () =>
    Number(
      (
        await t.context.db
          .selectFrom('pf_dict')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A change that writes a dictionary and asks nobody. */
  const undecidedWork = (code: string) => async (trx: Kysely<Database>) => {
    await trx.insertInto('pf_dict').values({ dict_code: code, dict_name: code, note: '', item_count: 0, updated_at: 0 }).execute();
    return code;
  };

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    accounts.sysadmin = (await su('GET', '/api/admin/current/user')).json().data.id;
    for (const [code, typeCode, parent] of [
      ['PC_HQ', 'CORP', null],
      ['PC_IN', 'DEPT', 'PC_HQ'],
      ['PC_OUT', 'DEPT', 'PC_HQ'],
    ] as const) {
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
    }
    const inside = await scopedRole('pc_inside', ['organ:view', 'organ:edit', 'dict:edit', 'portal:news:edit'], [organs.PC_IN as number]);
    const everywhere = await scopedRole(
      'pc_everywhere',
      ['organ:view', 'organ:edit', 'portal:news:edit', 'portal:news:publish', 'task:view'],
      'global',
    );
    for (const [userName, roleId] of [
      ['pc_inside', inside],
      ['pc_everywhere', everywhere],
    ] as const) {
      accounts[userName] = await createAccount({ userName, password, organId: organs.PC_IN as number });
      await ok(await su('POST', '/api/admin/roles/authorise', { accountIds: [accounts[userName]], roleIds: [roleId], revoke: false }));
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('audited() and the decision that covers a change', () => {
    it('refuses a scoped change no decision covered: rolled back, a failed log row naming it', async () => {
      const caller = await callerOf('pc_everywhere', 'organ:edit');
      const before = await dictionaryCount();
      const change = { operation: 'organ:edit', target: 'organ:undecided' };
      const attempt = audited(t.context, caller, change, undecidedWork('PC_UNDECIDED'));
      await expect(attempt).rejects.toBeInstanceOf(UndecidedChangeError);
      await expect(attempt).rejects.toThrow(/organ:edit on organ:undecided ran without a policy decision/);
      // An internal error, not a refusal the caller is told about: the HTTP layer answers 500.
      await expect(attempt).rejects.not.toBeInstanceOf(AppError);
      expect(await dictionaryCount()).toBe(before);
      const log = await t.context.db
        .selectFrom('audit_operation_log')
        .selectAll()
        .where('target', '=', 'organ:undecided')
        .executeTakeFirstOrThrow();
      expect(log.result).toBe('failed');
      expect(log.after_value).toMatch(/without a policy decision/);
    });

    it('runs the same scoped change once the policy decided it', async () => {
      const caller = await callerOf('pc_everywhere', 'organ:edit');
      const change = { operation: 'organ:edit', target: 'organ:decided' };
      await audited(t.context, caller, change, async (trx) => {
        await requireOrganInScope(caller, trx, organs.PC_OUT as number);
        return undecidedWork('PC_DECIDED')(trx);
      });
      const log = await t.context.db
        .selectFrom('audit_operation_log')
        .select('result')
        .where('target', '=', 'organ:decided')
        .executeTakeFirstOrThrow();
      expect(log.result).toBe('success');
    });

    it("takes the route's operation grant as the decision for a record with no organ or owner", async () => {
      const caller = await callerOf('pc_inside', 'dict:edit');
      await audited(t.context, caller, { operation: 'dict:edit', target: 'dict:granted' }, undecidedWork('PC_GRANTED'));
      expect(await t.context.db.selectFrom('pf_dict').select('id').where('dict_code', '=', 'PC_GRANTED').executeTakeFirst()).toBeDefined();
    });

    it('refuses an unscoped change by an anonymous caller with no decision', async () => {
      const caller = await callerOf(null, 'dict:edit');
      const before = await dictionaryCount();
      await expect(
        audited(t.context, caller, { operation: 'dict:edit', target: 'dict:nobody' }, undecidedWork('PC_NOBODY')),
      ).rejects.toBeInstanceOf(UndecidedChangeError);
      expect(await dictionaryCount()).toBe(before);
    });
  });

  describe('the decisions moved into the policy, allowed and refused per scope', () => {
    type Row = [
      rule: string,
      who: string,
      operation: string,
      decide: (caller: Caller, db: Kysely<Database>) => Promise<unknown>,
      refusal: RegExp | null,
    ];
    const rows: Row[] = [
      ['organ in scope', 'pc_inside', 'organ:edit', (c, db) => requireOrganInScope(c, db, organs.PC_IN as number), null],
      ['organ out of scope', 'pc_inside', 'organ:edit', (c, db) => requireOrganInScope(c, db, organs.PC_OUT as number), /outOfRange/],
      ['no organ is out of an organ scope', 'pc_inside', 'organ:edit', (c, db) => requireOrganInScope(c, db, null), /outOfRange/],
      ['no organ is in the whole scope', 'pc_everywhere', 'organ:edit', (c, db) => requireOrganInScope(c, db, null), null],
      [
        'one organ of several out of scope',
        'pc_inside',
        'organ:edit',
        (c, db) => requireOrgansInScope(c, db, [organs.PC_IN as number, organs.PC_OUT as number]),
        /outOfRange/,
      ],
      [
        'several organs in a global scope',
        'pc_everywhere',
        'organ:edit',
        (c, db) => requireOrgansInScope(c, db, [organs.PC_IN as number, organs.PC_OUT as number]),
        null,
      ],
      ['shared records need the whole scope', 'pc_inside', 'organ:edit', (c, db) => requireWholeScope(c, db), /outOfRange/],
      ['shared records with the whole scope', 'pc_everywhere', 'organ:edit', (c, db) => requireWholeScope(c, db), null],
      ['a top-level organ needs the whole scope', 'pc_inside', 'organ:edit', (c, db) => requireOrganPlacement(c, db, null), /outOfRange/],
      ['an organ under one in scope', 'pc_inside', 'organ:edit', (c, db) => requireOrganPlacement(c, db, organs.PC_IN as number), null],
      [
        'an organ under one out of scope',
        'pc_inside',
        'organ:edit',
        (c, db) => requireOrganPlacement(c, db, organs.PC_OUT as number),
        /outOfRange/,
      ],
      ['a global record by anyone granted', 'pc_inside', 'organ:edit', (c, db) => requireOrganRecordChange(c, db, null), null],
      [
        "an organ's record out of scope",
        'pc_inside',
        'organ:edit',
        (c, db) => requireOrganRecordChange(c, db, organs.PC_OUT as number),
        /outOfRange/,
      ],
      ['a draft edited without the publish right', 'pc_inside', 'portal:news:edit', (c, db) => requireNewsEdit(c, db, 'draft'), null],
      [
        'published news edited without the publish right',
        'pc_inside',
        'portal:news:edit',
        (c, db) => requireNewsEdit(c, db, 'published'),
        /newsPublishedEdit/,
      ],
      [
        'published news edited with the publish right',
        'pc_everywhere',
        'portal:news:edit',
        (c, db) => requireNewsEdit(c, db, 'published'),
        null,
      ],
      ['own record', 'pc_inside', 'organ:view', async (c) => requireOwnRecord(c, accounts.pc_inside), null],
      ["another account's record", 'pc_inside', 'organ:view', async (c) => requireOwnRecord(c, accounts.pc_everywhere), /notFound/],
      ['a record of nobody', 'pc_inside', 'organ:view', async (c) => requireOwnRecord(c, undefined), /notFound/],
    ];

    it.each(rows)('%s (%s, %s)', async (_rule, who, operation, decide, refusal) => {
      const caller = await callerOf(who, operation);
      const before = await dictionaryCount();
      const change = { operation: 'organ:edit', target: `decision:${_rule}` };
      const attempt = audited(t.context, caller, change, async (trx) => {
        await decide(caller, trx);
        return undecidedWork(`PC_${before}`)(trx);
      });
      if (refusal === null) {
        await attempt;
        expect(await dictionaryCount()).toBe(before + 1);
      } else {
        const error = await attempt.then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).messageKey).toMatch(refusal);
        expect(await dictionaryCount()).toBe(before);
      }
    });

    it("cuts a list of organs to the caller's scope", async () => {
      const all = ['PC_HQ', 'PC_IN', 'PC_OUT'].map((code) => ({ id: organs[code] as number, code }));
      const seen = async (who: string) =>
        (await organsVisibleAmong(await callerOf(who, 'organ:view'), t.context.db, all)).map((organ) => organ.code);
      expect(await seen('pc_inside')).toEqual(['PC_IN']);
      expect(await seen('pc_everywhere')).toEqual(['PC_HQ', 'PC_IN', 'PC_OUT']);
    });

    it('answers whether a second operation is held, by typed code', async () => {
      expect(await holdsOperation(await callerOf('pc_everywhere', 'organ:view'), Operation.taskView)).toBe(true);
      expect(await holdsOperation(await callerOf('pc_inside', 'organ:view'), Operation.taskView)).toBe(false);
    });

    it('names only operations the function model declares', async () => {
      const codes = Object.values(Operation);
      expect(await operationIds(codes)).toHaveLength(codes.length);
    });
  });
});
