import type { SerialRuleInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { requireExisting } from '../../iam/existingRecords.ts';
import { requireOrganRecordChange, requireOrganRecordVisible, requireOrgansInScope, visibleOrgans } from '../../iam/policy.ts';
import { formatSerial, periodOf } from './serialPeriod.ts';
import * as repo from './serialRuleRepo.ts';

/**
 * Serial-number rules and the numbers they hand out. An organ's rule is seen, changed and drawn from
 * only by callers whose data scope holds the organ; a global rule by anyone granted the operation.
 */
export class SerialRuleService {
  constructor(private readonly context: AppContext) {}

  async require(id: number, db: Kysely<Database> = this.context.db) {
    const rule = await repo.findRule(db, id);
    if (!rule) throw notFound();
    return rule;
  }

  /** A rule as the caller may read it: one of an organ outside their scope is not found. */
  async read(caller: Caller, id: number) {
    const rule = await this.require(id);
    await requireOrganRecordVisible(caller, this.context.db, rule.organId);
    return rule;
  }

  async page(caller: Caller, query: Parameters<typeof repo.pageRules>[1]) {
    return repo.pageRules(this.context.db, query, await visibleOrgans(caller, this.context.db));
  }

  create(caller: Caller, input: SerialRuleInput) {
    return audited(this.context, caller, { operation: 'serial:add', target: `serial:${input.idId}` }, async (trx, entry) => {
      await this.checkOrgan(caller, trx, input);
      const id = await refuseDuplicate(input.idId, () => repo.insertRule(trx, input, this.context.now()));
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  update(caller: Caller, id: number, input: SerialRuleInput) {
    return audited(this.context, caller, { operation: 'serial:edit', target: `serial:${id}` }, async (trx, entry) => {
      const before = await this.require(id, trx);
      entry.before = before;
      await requireOrganRecordChange(caller, trx, before.organId);
      await this.checkOrgan(caller, trx, input);
      const restart = before.idType !== input.idType || before.idLength !== input.idLength;
      await refuseDuplicate(input.idId, () => repo.updateRule(trx, id, input, restart, this.context.now()));
      const after = await this.require(id, trx);
      entry.after = after;
      return after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'serial:delete', target: `serial:${ids.join(',')}` }, async (trx, entry) => {
      const removed = await Promise.all(ids.map((id) => this.require(id, trx)));
      const organs = removed.flatMap((rule) => (rule.organId === null ? [] : [rule.organId]));
      await requireOrgansInScope(caller, trx, organs);
      entry.before = removed;
      const deleted = await repo.deleteRules(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  /** The next number of the rule `idId` names for the organ (its own rule, else the global one). */
  next(caller: Caller, idId: string, organId: number | null) {
    return audited(this.context, caller, { operation: 'serial:next', target: `serial:${idId}` }, async (trx, entry) => {
      await requireOrganRecordChange(caller, trx, organId);
      const rule = await repo.ruleFor(trx, idId, organId);
      if (!rule) throw notFound();
      const now = this.context.now();
      const period = periodOf(rule.idType, new Date(now));
      const value = await repo.advanceCounter(trx, rule.id, period, 10 ** rule.idLength - 1, now);
      if (value === undefined) throw badRequest('error.serialExhausted', { code: rule.idId });
      const number = formatSerial(rule, period, value);
      entry.after = { number };
      return { number, ruleId: rule.id, value, period };
    });
  }

  private async checkOrgan(caller: Caller, db: Kysely<Database>, input: SerialRuleInput): Promise<void> {
    const organId = input.isGlobal ? null : input.organId;
    if (organId !== null) await requireExisting(db, 'iam_organ', [organId], 'organId');
    await requireOrganRecordChange(caller, db, organId);
  }
}
