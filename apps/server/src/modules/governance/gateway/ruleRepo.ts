import type { ApiGroup, ApiGroupInput, DegradeRule, DegradeRuleInput, FlowRule, FlowRuleInput } from '@qiming/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GwApiGroupTable, GwDegradeRuleTable, GwFlowRuleTable } from '../../../db/schema.ts';

const toGroup = (row: Selectable<GwApiGroupTable>): ApiGroup => ({
  id: Number(row.id),
  apiName: row.api_name,
  description: row.description,
  items: JSON.parse(row.items),
  updatedAt: Number(row.updated_at),
});

const toRule = (row: Selectable<GwFlowRuleTable>): FlowRule => ({
  id: Number(row.id),
  resourceMode: row.resource_mode,
  resource: row.resource,
  grade: row.grade,
  count: Number(row.count),
  intervalSec: Number(row.interval_sec),
  burst: Number(row.burst),
  controlBehavior: row.control_behavior,
  paramStrategy: row.param_strategy,
  paramField: row.param_field,
  warmUpPeriodSec: Number(row.warm_up_period_sec),
  maxQueueingTimeMs: Number(row.max_queueing_time_ms),
  enabled: Number(row.enabled) === 1,
  updatedAt: Number(row.updated_at),
});

export async function listApiGroups(db: Kysely<Database>): Promise<ApiGroup[]> {
  return (await db.selectFrom('gw_api_group').selectAll().orderBy('api_name').execute()).map(toGroup);
}

export async function findApiGroup(db: Kysely<Database>, id: number): Promise<ApiGroup | undefined> {
  const row = await db.selectFrom('gw_api_group').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toGroup(row);
}

const groupColumns = (input: ApiGroupInput, now: number) => ({
  api_name: input.apiName,
  description: input.description,
  items: JSON.stringify(input.items),
  updated_at: now,
});

export async function insertApiGroup(db: Kysely<Database>, input: ApiGroupInput, now: number): Promise<number> {
  const row = await db.insertInto('gw_api_group').values(groupColumns(input, now)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateApiGroup(db: Kysely<Database>, id: number, input: ApiGroupInput, now: number): Promise<void> {
  await db.updateTable('gw_api_group').set(groupColumns(input, now)).where('id', '=', id).execute();
}

export async function deleteApiGroups(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('gw_api_group').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

export async function listFlowRules(db: Kysely<Database>): Promise<FlowRule[]> {
  return (await db.selectFrom('gw_flow_rule').selectAll().orderBy('resource').orderBy('id').execute()).map(toRule);
}

export async function findFlowRule(db: Kysely<Database>, id: number): Promise<FlowRule | undefined> {
  const row = await db.selectFrom('gw_flow_rule').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRule(row);
}

const ruleColumns = (input: FlowRuleInput, now: number) => ({
  resource_mode: input.resourceMode,
  resource: input.resource,
  grade: input.grade,
  count: input.count,
  interval_sec: input.intervalSec,
  burst: input.burst,
  control_behavior: input.controlBehavior,
  param_strategy: input.paramStrategy,
  param_field: input.paramField,
  warm_up_period_sec: input.warmUpPeriodSec,
  max_queueing_time_ms: input.maxQueueingTimeMs,
  enabled: input.enabled ? 1 : 0,
  updated_at: now,
});

export async function insertFlowRule(db: Kysely<Database>, input: FlowRuleInput, now: number): Promise<number> {
  const row = await db.insertInto('gw_flow_rule').values(ruleColumns(input, now)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateFlowRule(db: Kysely<Database>, id: number, input: FlowRuleInput, now: number): Promise<void> {
  await db.updateTable('gw_flow_rule').set(ruleColumns(input, now)).where('id', '=', id).execute();
}

export async function deleteFlowRules(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('gw_flow_rule').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** Whether a flow rule's resource names an existing route or API group. */
export async function resourceExists(db: Kysely<Database>, mode: FlowRuleInput['resourceMode'], resource: string): Promise<boolean> {
  const found =
    mode === 'route'
      ? await db.selectFrom('gw_route').select('id').where('route_id', '=', resource).executeTakeFirst()
      : await db.selectFrom('gw_api_group').select('id').where('api_name', '=', resource).executeTakeFirst();
  return found !== undefined;
}

const toDegrade = (row: Selectable<GwDegradeRuleTable>): DegradeRule => ({
  id: Number(row.id),
  resourceMode: row.resource_mode,
  resource: row.resource,
  grade: row.grade,
  count: Number(row.count),
  slowRatioThreshold: Number(row.slow_ratio_threshold),
  minRequestAmount: Number(row.min_request_amount),
  statIntervalMs: Number(row.stat_interval_ms),
  timeWindow: Number(row.time_window),
  enabled: Number(row.enabled) === 1,
  updatedAt: Number(row.updated_at),
});

export async function listDegradeRules(db: Kysely<Database>): Promise<DegradeRule[]> {
  return (await db.selectFrom('gw_degrade_rule').selectAll().orderBy('resource').orderBy('id').execute()).map(toDegrade);
}

export async function findDegradeRule(db: Kysely<Database>, id: number): Promise<DegradeRule | undefined> {
  const row = await db.selectFrom('gw_degrade_rule').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toDegrade(row);
}

const degradeColumns = (input: DegradeRuleInput, now: number) => ({
  resource_mode: input.resourceMode,
  resource: input.resource,
  grade: input.grade,
  count: input.count,
  slow_ratio_threshold: input.slowRatioThreshold,
  min_request_amount: input.minRequestAmount,
  stat_interval_ms: input.statIntervalMs,
  time_window: input.timeWindow,
  enabled: input.enabled ? 1 : 0,
  updated_at: now,
});

export async function insertDegradeRule(db: Kysely<Database>, input: DegradeRuleInput, now: number): Promise<number> {
  const row = await db.insertInto('gw_degrade_rule').values(degradeColumns(input, now)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateDegradeRule(db: Kysely<Database>, id: number, input: DegradeRuleInput, now: number): Promise<void> {
  await db.updateTable('gw_degrade_rule').set(degradeColumns(input, now)).where('id', '=', id).execute();
}

export async function deleteDegradeRules(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('gw_degrade_rule').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** How many flow or degrade rules name one of these routes (`route`) or API groups (`apiGroup`). */
export async function rulesUsing(db: Kysely<Database>, mode: FlowRuleInput['resourceMode'], names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const [flows, degrades] = await Promise.all(
    (['gw_flow_rule', 'gw_degrade_rule'] as const).map((table) =>
      db.selectFrom(table).select('id').where('resource_mode', '=', mode).where('resource', 'in', names).execute(),
    ),
  );
  return (flows?.length ?? 0) + (degrades?.length ?? 0);
}
