import type { Kysely } from 'kysely';
import { ClaimingPoller } from '../../cluster/claimingPoller.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { timerStartsOf } from './engineRunner.ts';
import * as modelRepo from './modelRepo.ts';
import type { RuntimeService } from './runtimeService.ts';
import { isCron, nextCronRun } from './timerCycle.ts';

/** How long a claim keeps other processes off a timer start while it starts its instance. */
const claimMs = 60_000;
/** A suspended definition's timer start waits this long before it looks again. */
const suspendedRetryMs = 60_000;

const durationPattern = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration in milliseconds (a year as 365 days, a month as 30); null when the text is none. */
export function durationMs(text: string): number | null {
  const match = durationPattern.exec(text.trim());
  if (!match || text.trim() === 'P' || text.trim().endsWith('T')) return null;
  const [years, months, weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const dayCount = (years ?? 0) * 365 + (months ?? 0) * 30 + (weeks ?? 0) * 7 + (days ?? 0);
  return ((dayCount * 24 + (hours ?? 0)) * 60 + (minutes ?? 0)) * 60_000 + Math.round((seconds ?? 0) * 1000);
}

/** A repeating interval `R[n]/[start/]duration`: how often (null: for ever), from when, how far apart. */
function cycleOf(spec: string): { repeat: number | null; start: number | null; everyMs: number } | null {
  const parts = spec.split('/');
  const [head = '', second = '', third] = parts;
  const repeat = /^R(\d*)$/.exec(head);
  if (!repeat || parts.length < 2 || parts.length > 3) return null;
  const start = third === undefined ? null : Date.parse(second);
  const everyMs = durationMs(third ?? second);
  if (everyMs === null || everyMs < 1000 || (start !== null && Number.isNaN(start))) return null;
  return { repeat: repeat[1] ? Number(repeat[1]) : null, start, everyMs };
}

/**
 * When a timer start fires next, after `fired` firings: a date once, a duration once after the release, a
 * cycle each interval until its repetitions are spent, a cron cycle at its next time after `after`; null
 * when it never will (or the text is no timer).
 */
export function nextDue(kind: string, spec: string, releasedAt: number, fired: number, after = releasedAt): number | null {
  if (kind === 'date') {
    const at = Date.parse(spec);
    return fired === 0 && !Number.isNaN(at) ? at : null;
  }
  if (kind === 'duration') {
    const ms = durationMs(spec);
    return fired === 0 && ms !== null ? releasedAt + ms : null;
  }
  if (isCron(spec)) return nextCronRun(spec, after);
  const cycle = cycleOf(spec);
  if (!cycle) return null;
  const first = cycle.start ?? releasedAt + cycle.everyMs;
  // Periods missed while no server ran are not made up one by one: the next firing is the next period to come.
  const missed = after > first ? Math.floor((after - first) / cycle.everyMs) + 1 : 0;
  const index = Math.max(fired, missed);
  if (cycle.repeat !== null && index >= cycle.repeat) return null;
  return first + index * cycle.everyMs;
}

/**
 * Schedules the timer start events of a released definition on the durable scheduler; the definition's
 * older versions stop starting (a newer version replaces them). Call in the release's transaction.
 */
export async function scheduleTimerStarts(
  db: Kysely<Database>,
  definition: { id: number; def_key: string; xml: string; release_info: string; deployed_at: number },
): Promise<void> {
  await db
    .deleteFrom('bpm_start_timer')
    .where('definition_id', 'in', db.selectFrom('bpm_definition').select('id').where('def_key', '=', definition.def_key))
    .execute();
  const rows = [];
  for (const start of await timerStartsOf(modelRepo.toRunnable(definition))) {
    const due = nextDue(start.kind, start.spec, Number(definition.deployed_at), 0);
    if (due === null) continue;
    rows.push({ definition_id: definition.id, element_id: start.elementId, kind: start.kind, spec: start.spec.slice(0, 200), due_at: due });
  }
  if (rows.length > 0) await db.insertInto('bpm_start_timer').values(rows).execute();
}

/** Stops a definition's timer starts. */
export async function unscheduleTimerStarts(db: Kysely<Database>, definitionId: number): Promise<void> {
  await db.deleteFrom('bpm_start_timer').where('definition_id', '=', definitionId).execute();
}

type StartTimerRow = Awaited<ReturnType<typeof dueStarts>>[number];

function dueStarts(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('bpm_start_timer')
    .selectAll()
    .where('due_at', '<=', now)
    .where('claimed_until', '<', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

async function claimStart(db: Kysely<Database>, row: StartTimerRow, now: number): Promise<boolean> {
  const result = await db
    .updateTable('bpm_start_timer')
    .set({ claimed_until: now + claimMs })
    .where('id', '=', row.id)
    .where('claimed_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Starts instances from timer start events when they are due, in one process of the cluster (a claim per
 * row); a cycle is rescheduled after each start. A suspended definition's timer waits (it starts again once
 * the definition is activated); one no longer the newest version of its key is dropped.
 */
export class TimerStartScheduler extends ClaimingPoller<StartTimerRow> {
  constructor(context: AppContext, runtime: RuntimeService, onError: (error: unknown) => void) {
    super(
      () => context.now(),
      {
        due: (now, limit) => dueStarts(context.db, now, limit),
        claim: (row, now) => claimStart(context.db, row, now),
        run: (row) => fire(context, runtime, row),
      },
      { pollMs: 1000, batch: 20, concurrency: 1 },
      onError,
    );
  }
}

async function fire(context: AppContext, runtime: RuntimeService, row: StartTimerRow): Promise<void> {
  const { db } = context;
  const definition = await modelRepo.findDefinition(db, row.definition_id);
  const latest = definition ? await modelRepo.latestDefinition(db, definition.def_key) : undefined;
  if (!definition || latest?.id !== definition.id) {
    await unscheduleTimerStarts(db, row.definition_id);
    return;
  }
  if (definition.suspended === 1) {
    await db
      .updateTable('bpm_start_timer')
      .set({ claimed_until: context.now() + suspendedRetryMs })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  const fired = row.fired + 1;
  const next = nextDue(row.kind, row.spec, Number(definition.deployed_at), fired, context.now());
  // The next firing is written before the start, so a crash in between skips a firing rather than doubling it.
  if (next === null) await db.deleteFrom('bpm_start_timer').where('id', '=', row.id).execute();
  else await db.updateTable('bpm_start_timer').set({ fired, due_at: next, claimed_until: 0 }).where('id', '=', row.id).execute();
  await runtime.startInstance(null, {
    definition,
    variables: {},
    businessKey: '',
    command: { kind: 'message', elementId: row.element_id },
    operation: 'timer:start',
  });
}
