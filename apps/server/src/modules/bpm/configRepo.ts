import type {
  BpmListener,
  BpmListenerLog,
  BpmParticipant,
  ListenerInput,
  ListenerSearch,
  PageQuery,
  ParticipantInput,
  ParticipantSearch,
} from '@qiming/shared';
import type { Kysely } from 'kysely';
import { placeholder, runCompiled } from '../../db/compiledQuery.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';
import { namesByRoleCode, namesByUserName, organNames } from '../iam/directoryLookup.ts';

/** Names to show for participant references, by kind: the iam module answers them. */
async function referenceNames(db: Kysely<Database>, kind: string, refs: string[]): Promise<Map<string, string>> {
  if (kind === 'account') return namesByUserName(db, refs);
  if (kind === 'role') return namesByRoleCode(db, refs);
  const names = await organNames(db, refs.map(Number).filter(Number.isInteger));
  return new Map([...names].map(([id, name]) => [String(id), name]));
}

/** Participants (who may start a definition) and listeners, both kept per definition key so every version has them. */
export async function pageParticipants(db: Kysely<Database>, query: PageQuery & ParticipantSearch) {
  let base = db.selectFrom('bpm_participant');
  if (query.definitionKey) base = base.where('def_key', '=', query.definitionKey);
  if (query.kind) base = base.where('kind', '=', query.kind);
  const page = await paginate(base, query, {
    columns: { createdAt: 'created_at' },
    defaultSort: { column: 'created_at', order: 'desc' },
    select: (q) => q.selectAll(),
  });
  const records: BpmParticipant[] = [];
  for (const kind of ['account', 'role', 'organ']) {
    const rows = page.records.filter((row) => row.kind === kind);
    const names = await referenceNames(
      db,
      kind,
      rows.map((row) => row.ref),
    );
    for (const row of rows) {
      records.push({
        id: row.id,
        definitionKey: row.def_key,
        kind: row.kind as BpmParticipant['kind'],
        ref: row.ref,
        refName: names.get(row.ref) ?? '',
        createdAt: Number(row.created_at),
      });
    }
  }
  const order = new Map(page.records.map((row, index) => [row.id, index]));
  return { total: page.total, records: records.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)) };
}

export async function insertParticipant(db: Kysely<Database>, input: ParticipantInput, now: number) {
  const row = await db
    .insertInto('bpm_participant')
    .values({ def_key: input.definitionKey, kind: input.kind, ref: input.ref, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateParticipant(db: Kysely<Database>, id: number, input: ParticipantInput) {
  const result = await db
    .updateTable('bpm_participant')
    .set({ def_key: input.definitionKey, kind: input.kind, ref: input.ref })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteParticipants(db: Kysely<Database>, ids: number[]) {
  return Number((await db.deleteFrom('bpm_participant').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** Whether the key has participants at all (none: anyone holding the start grant may start it), and whether one matches. */
export async function participation(db: Kysely<Database>, key: string, userName: string, roleCodes: string[], organIds: string[]) {
  const rows = await db.selectFrom('bpm_participant').select(['kind', 'ref']).where('def_key', '=', key).execute();
  const matches = rows.some(
    (row) =>
      (row.kind === 'account' && row.ref === userName) ||
      (row.kind === 'role' && roleCodes.includes(row.ref)) ||
      (row.kind === 'organ' && organIds.includes(row.ref)),
  );
  return { restricted: rows.length > 0, matches };
}

const toListener = (row: {
  id: number;
  def_key: string;
  activity_id: string;
  scope: string;
  event: string;
  kind: string;
  url: string;
  enabled: number;
  created_at: number;
}): BpmListener => ({
  id: row.id,
  definitionKey: row.def_key,
  activityId: row.activity_id,
  scope: row.scope as BpmListener['scope'],
  event: row.event as BpmListener['event'],
  kind: row.kind as BpmListener['kind'],
  url: row.url,
  enabled: row.enabled === 1,
  createdAt: Number(row.created_at),
});

export async function pageListeners(db: Kysely<Database>, query: PageQuery & ListenerSearch) {
  let base = db.selectFrom('bpm_listener');
  if (query.definitionKey) base = base.where('def_key', '=', query.definitionKey);
  if (query.scope) base = base.where('scope', '=', query.scope);
  const page = await paginate(base, query, {
    columns: { createdAt: 'created_at' },
    defaultSort: { column: 'created_at', order: 'desc' },
    select: (q) => q.selectAll(),
  });
  return { total: page.total, records: page.records.map(toListener) };
}

const listenerValues = (input: ListenerInput) => ({
  def_key: input.definitionKey,
  activity_id: input.activityId,
  scope: input.scope,
  event: input.event,
  kind: input.kind,
  url: input.kind === 'http' ? input.url : '',
  enabled: input.enabled ? 1 : 0,
});

export async function insertListener(db: Kysely<Database>, input: ListenerInput, now: number) {
  return (
    await db
      .insertInto('bpm_listener')
      .values({ ...listenerValues(input), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateListener(db: Kysely<Database>, id: number, input: ListenerInput) {
  return Number((await db.updateTable('bpm_listener').set(listenerValues(input)).where('id', '=', id).executeTakeFirst()).numUpdatedRows);
}

export async function deleteListeners(db: Kysely<Database>, ids: number[]) {
  return Number((await db.deleteFrom('bpm_listener').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** Every command asks: built and compiled once (see compiledQuery). */
export async function enabledListeners(db: Kysely<Database>, key: string): Promise<BpmListener[]> {
  const build = () => db.selectFrom('bpm_listener').selectAll().where('def_key', '=', placeholder<string>('key')).where('enabled', '=', 1);
  const rows = await runCompiled(db, 'bpm_listener enabled of key', build, { key });
  return rows.map(toListener);
}

export async function insertListenerLogs(
  db: Kysely<Database>,
  rows: Array<{ listener_id: number | null; instance_id: number; activity_id: string; event: string; message: string; created_at: number }>,
) {
  if (rows.length > 0) await db.insertInto('bpm_listener_log').values(rows).execute();
}

export async function pageListenerLogs(db: Kysely<Database>, query: PageQuery & { instanceId?: number; listenerId?: number }) {
  let base = db.selectFrom('bpm_listener_log');
  if (query.instanceId) base = base.where('instance_id', '=', query.instanceId);
  if (query.listenerId) base = base.where('listener_id', '=', query.listenerId);
  const page = await paginate(base, query, {
    columns: { createdAt: 'created_at' },
    defaultSort: { column: 'created_at', order: 'desc' },
    select: (q) => q.selectAll(),
  });
  return {
    total: page.total,
    records: page.records.map(
      (row): BpmListenerLog => ({
        id: row.id,
        listenerId: row.listener_id,
        instanceId: row.instance_id,
        activityId: row.activity_id,
        event: row.event,
        message: row.message,
        createdAt: Number(row.created_at),
      }),
    ),
  };
}
