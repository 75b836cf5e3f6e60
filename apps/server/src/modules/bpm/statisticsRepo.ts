import type {
  BpmActivityStatistics,
  BpmDefinitionStatistics,
  BpmDurationFigures,
  BpmIncidentStatistics,
  BpmStatistics,
  BpmStatisticsQuery,
} from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const monthOf = (time: number) => new Date(time).toISOString().slice(0, 7);
const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00Z`);
const nextMonth = (month: string) => {
  const date = new Date(monthStart(month));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
};

/** Average and 90th percentile (nearest rank) of durations. */
function figures(month: string, started: number, durations: number[]): BpmDurationFigures {
  const sorted = [...durations].sort((a, b) => a - b);
  const avg = sorted.length ? Math.round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length) : null;
  const p90 = sorted.length ? (sorted[Math.ceil(sorted.length * 0.9) - 1] as number) : null;
  return { month, started, ended: sorted.length, avgMs: avg, p90Ms: p90 };
}

interface Timed {
  group: string;
  started_at: number;
  ended_at: number | null;
}

function byMonth(rows: Timed[], from: number, to: number) {
  const groups = new Map<string, { started: number; durations: number[] }>();
  for (const row of rows) {
    const startedAt = Number(row.started_at);
    if (startedAt >= from && startedAt < to) {
      const key = `${row.group}\u0000${monthOf(startedAt)}`;
      const entry = groups.get(key) ?? { started: 0, durations: [] };
      entry.started++;
      groups.set(key, entry);
    }
    if (row.ended_at !== null && Number(row.ended_at) >= from && Number(row.ended_at) < to) {
      const key = `${row.group}\u0000${monthOf(Number(row.ended_at))}`;
      const entry = groups.get(key) ?? { started: 0, durations: [] };
      entry.durations.push(Number(row.ended_at) - startedAt);
      groups.set(key, entry);
    }
  }
  return [...groups].map(([key, entry]) => {
    const [group = '', month = ''] = key.split('\u0000');
    return { group, ...figures(month, entry.started, entry.durations) };
  });
}

export type IncidentStatistics = BpmIncidentStatistics;

/**
 * Per definition key and per activity, per month: how many started, how many completed and how long
 * those took. Instances that were terminated count as started, not as completed.
 */
export async function statistics(db: Kysely<Database>, query: BpmStatisticsQuery): Promise<BpmStatistics> {
  const from = monthStart(query.from);
  const to = nextMonth(query.to);
  let instances = db
    .selectFrom('bpm_instance as i')
    .innerJoin('bpm_definition as d', 'd.id', 'i.definition_id')
    .select(['i.def_key as group', 'd.def_name', 'i.started_at', 'i.state', 'i.ended_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('i.started_at', '>=', from), eb('i.started_at', '<', to)]),
        eb.and([eb('i.ended_at', '>=', from), eb('i.ended_at', '<', to)]),
      ]),
    );
  if (query.definitionKey) instances = instances.where('i.def_key', '=', query.definitionKey);
  const instanceRows = await instances.execute();
  const names = new Map(instanceRows.map((row) => [row.group, row.def_name]));
  const definitions: BpmDefinitionStatistics[] = byMonth(
    instanceRows.map((row) => ({ ...row, ended_at: row.state === 'completed' ? row.ended_at : null })),
    from,
    to,
  ).map(({ group, ...rest }) => ({ definitionKey: group, definitionName: names.get(group) ?? group, ...rest }));

  let activities = db
    .selectFrom('bpm_activity as a')
    .innerJoin('bpm_instance as i', 'i.id', 'a.instance_id')
    .select(['i.def_key', 'a.activity_id', 'a.activity_name', 'a.activity_type', 'a.started_at', 'a.state', 'a.ended_at'])
    .where('a.started_at', '<', to)
    .where((eb) => eb.or([eb('a.started_at', '>=', from), eb('a.ended_at', '>=', from)]))
    .where('a.activity_type', 'in', ['bpmn:UserTask', 'bpmn:ServiceTask', 'bpmn:SubProcess', 'bpmn:IntermediateCatchEvent']);
  if (query.definitionKey) activities = activities.where('i.def_key', '=', query.definitionKey);
  const activityRows = await activities.execute();
  const activityNames = new Map(activityRows.map((row) => [`${row.def_key}\u0001${row.activity_id}`, row.activity_name]));
  const activityFigures: BpmActivityStatistics[] = byMonth(
    activityRows.map((row) => ({
      group: `${row.def_key}\u0001${row.activity_id}`,
      started_at: row.started_at,
      ended_at: row.state === 'completed' ? row.ended_at : null,
    })),
    from,
    to,
  ).map(({ group, ...rest }) => {
    const [definitionKey = '', activityId = ''] = group.split('\u0001');
    return { definitionKey, activityId, activityName: activityNames.get(group) || activityId, ...rest };
  });
  const order = <T extends { month: string }>(list: T[], key: (item: T) => string) =>
    list.sort((a, b) => key(a).localeCompare(key(b)) || a.month.localeCompare(b.month));
  return {
    definitions: order(definitions, (item) => item.definitionKey),
    activities: order(activityFigures, (item) => `${item.definitionKey}/${item.activityId}`),
    incidents: await incidentCounts(db, query.definitionKey, from, to),
  };
}

async function incidentCounts(
  db: Kysely<Database>,
  definitionKey: string | undefined,
  from: number,
  to: number,
): Promise<IncidentStatistics[]> {
  let query = db
    .selectFrom('bpm_incident')
    .select((eb) => [
      'def_key',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('raised'),
      eb.fn.sum<number>(eb.case().when('state', '=', 'open').then(1).else(0).end()).as('open'),
    ])
    .groupBy('def_key')
    .orderBy('def_key');
  if (definitionKey) query = query.where('def_key', '=', definitionKey);
  const rows = await query.execute();
  return rows
    .map((row) => ({ definitionKey: row.def_key, raised: Number(row.raised), open: Number(row.open) }))
    .filter((row) => row.raised > 0 || row.open > 0);
}
