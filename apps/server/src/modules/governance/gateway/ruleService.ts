import type { ApiGroup, ApiGroupInput, DegradeRule, DegradeRuleInput, FlowRule, FlowRuleInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { type AuditEntry, audited } from '../../audit/audited.ts';
import { apiGroupPatternRefusal } from './routePatterns.ts';
import { refusePattern, tellGateways } from './routeService.ts';
import * as repo from './ruleRepo.ts';

const operationSubjects = { apiGroup: 'group', flowRule: 'rule', degradeRule: 'degrade' } as const;

type RuleInput = Pick<FlowRuleInput, 'resourceMode' | 'resource'>;

/** Where one kind of rule is kept: flow rules and degrade rules are saved and removed alike. */
export interface RuleStore<Input extends RuleInput, Rule extends Input> {
  subject: 'flowRule' | 'degradeRule';
  find(db: Kysely<Database>, id: number): Promise<Rule | undefined>;
  insert(db: Kysely<Database>, input: Input, now: number): Promise<number>;
  update(db: Kysely<Database>, id: number, input: Input, now: number): Promise<void>;
  remove(db: Kysely<Database>, ids: number[]): Promise<number>;
}

export const flowRules: RuleStore<FlowRuleInput, FlowRule> = {
  subject: 'flowRule',
  find: repo.findFlowRule,
  insert: repo.insertFlowRule,
  update: repo.updateFlowRule,
  remove: repo.deleteFlowRules,
};

export const degradeRules: RuleStore<DegradeRuleInput, DegradeRule> = {
  subject: 'degradeRule',
  find: repo.findDegradeRule,
  insert: repo.insertDegradeRule,
  update: repo.updateDegradeRule,
  remove: repo.deleteDegradeRules,
};

async function requireRule<Input extends RuleInput, Rule extends Input>(
  db: Kysely<Database>,
  store: RuleStore<Input, Rule>,
  id: number,
): Promise<Rule> {
  const rule = await store.find(db, id);
  if (!rule) throw notFound();
  return rule;
}

/** A rule must name a route or an API group that exists. */
async function requireResource(db: Kysely<Database>, rule: RuleInput): Promise<void> {
  if (!(await repo.resourceExists(db, rule.resourceMode, rule.resource)))
    throw badRequest('error.ruleResourceMissing', { resource: rule.resource });
}

/**
 * API groups, flow rules and degrade rules as the back-office keeps them. Like routes, every committed change tells
 * every gateway process to reload; a rule must name an existing route or API group, and an API group
 * a rule uses cannot be deleted.
 */
export class RuleService {
  constructor(private readonly context: AppContext) {}

  async requireGroup(id: number, db: Kysely<Database> = this.context.db): Promise<ApiGroup> {
    const group = await repo.findApiGroup(db, id);
    if (!group) throw notFound();
    return group;
  }

  saveGroup(caller: Caller, id: number | null, input: ApiGroupInput): Promise<ApiGroup> {
    refusePattern(apiGroupPatternRefusal(input));
    return this.change(caller, 'apiGroup', id === null ? 'add' : 'edit', input.apiName, async (trx, entry) => {
      if (id !== null) entry.before = await this.requireGroup(id, trx);
      const before = id === null ? undefined : (entry.before as ApiGroup);
      try {
        if (id === null) id = await repo.insertApiGroup(trx, input, this.context.now());
        else await repo.updateApiGroup(trx, id, input, this.context.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.duplicateApiName');
        throw error;
      }
      // A renamed group would leave its rules pointing at nothing.
      if (before && before.apiName !== input.apiName && (await repo.rulesUsing(trx, 'apiGroup', [before.apiName])) > 0) {
        throw badRequest('error.apiGroupInUse');
      }
      const saved = await this.requireGroup(id, trx);
      entry.after = saved;
      return saved;
    });
  }

  removeGroups(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
    return this.change(caller, 'apiGroup', 'delete', ids.join(','), async (trx, entry) => {
      const groups = await Promise.all(ids.map((id) => this.requireGroup(id, trx)));
      if (
        (await repo.rulesUsing(
          trx,
          'apiGroup',
          groups.map((group) => group.apiName),
        )) > 0
      )
        throw badRequest('error.apiGroupInUse');
      entry.before = groups;
      const deleted = { deleted: await repo.deleteApiGroups(trx, ids) };
      entry.after = deleted;
      return deleted;
    });
  }

  /** Adds (`id` null) or changes a flow or degrade rule; it must name an existing route or API group. */
  saveRule<Input extends RuleInput, Rule extends Input>(
    caller: Caller,
    store: RuleStore<Input, Rule>,
    id: number | null,
    input: Input,
  ): Promise<Rule> {
    return this.change(caller, store.subject, id === null ? 'add' : 'edit', input.resource, async (trx, entry) => {
      if (id !== null) entry.before = await requireRule(trx, store, id);
      await requireResource(trx, input);
      if (id === null) id = await store.insert(trx, input, this.context.now());
      else await store.update(trx, id, input, this.context.now());
      const saved = await requireRule(trx, store, id);
      entry.after = saved;
      return saved;
    });
  }

  /** Adds rules imported at once: all are added, or (one names a missing route or group) none. */
  importRules<Input extends RuleInput, Rule extends Input>(
    caller: Caller,
    store: RuleStore<Input, Rule>,
    inputs: Input[],
  ): Promise<Rule[]> {
    const target = `import:${inputs.map((input) => input.resource).join(',')}`.slice(0, 200);
    return this.change(caller, store.subject, 'add', target, async (trx, entry) => {
      const saved: Rule[] = [];
      for (const input of inputs) {
        await requireResource(trx, input);
        saved.push(await requireRule(trx, store, await store.insert(trx, input, this.context.now())));
      }
      entry.after = saved;
      return saved;
    });
  }

  removeRules<Input extends RuleInput, Rule extends Input>(
    caller: Caller,
    store: RuleStore<Input, Rule>,
    ids: number[],
  ): Promise<{ deleted: number }> {
    return this.change(caller, store.subject, 'delete', ids.join(','), async (trx, entry) => {
      entry.before = await Promise.all(ids.map((id) => requireRule(trx, store, id)));
      const deleted = { deleted: await store.remove(trx, ids) };
      entry.after = deleted;
      return deleted;
    });
  }

  private async change<T>(
    caller: Caller,
    subject: 'apiGroup' | 'flowRule' | 'degradeRule',
    action: 'add' | 'edit' | 'delete',
    target: string,
    work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>,
  ): Promise<T> {
    const operation = `gateway:${operationSubjects[subject]}:${action}`;
    const result = await audited(this.context, caller, { operation, target: `${subject}:${target}` }, work);
    await tellGateways(this.context);
    return result;
  }
}
