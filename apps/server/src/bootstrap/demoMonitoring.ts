import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { saveReceiver, saveRule } from '../modules/alarms/alarmRepo.ts';

const minute = 60_000;
const day = 24 * 60 * minute;

/** The same figures on every demo start: a small linear congruential generator. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Busy in the working day, quiet at night: a school's information service. */
const dailyShape = (at: number) => {
  const hour = new Date(at).getUTCHours() + 8;
  return 0.15 + 0.85 * Math.max(0, Math.sin(((hour % 24) - 6) * (Math.PI / 16)));
};

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

/**
 * A day of per-minute history for the demo's gateway routes, API group, a server and the registry's
 * services, so the history view has something to draw before any traffic has flowed.
 */
async function seedHistory(db: Kysely<Database>, now: number): Promise<void> {
  const random = seeded(2026);
  const end = Math.floor(now / minute) * minute;
  const traffic = [];
  const gauges = [];
  for (let at = end - day; at < end; at += minute) {
    const load = dailyShape(at);
    for (const [kind, target, perSecond, errorRate, baseMs] of [
      ['route', 'site-content', 40, 0.002, 35],
      ['apiGroup', 'site-news', 12, 0.001, 28],
    ] as const) {
      const requests = Math.round(perSecond * 60 * load * (0.85 + 0.3 * random()));
      const blocked = Math.round(requests * 0.01 * random());
      // An incident in the afternoon: errors and slow answers for half an hour.
      const incident = at > end - 6 * 60 * minute && at < end - 5.5 * 60 * minute;
      const failed = Math.round(requests * (incident ? 0.3 : errorRate * random()));
      const avgMs = baseMs * (incident ? 6 : 1) * (0.8 + 0.4 * random());
      traffic.push({
        kind,
        target,
        server_id: 'demo-server',
        minute: at,
        passed: requests - blocked,
        blocked,
        succeeded: requests - blocked - failed,
        failed,
        total_ms: Math.round(avgMs * (requests - blocked)),
        p99_ms: Math.round(avgMs * (2.5 + random())),
      });
    }
    const cpu = 8 + 50 * load * (0.8 + 0.4 * random());
    for (const [metric, value] of [
      ['cpuPercent', cpu],
      ['rssMb', 210 + 40 * load + 10 * random()],
      ['heapMb', 90 + 30 * load + 10 * random()],
      ['eventLoopP99Ms', 11 + 8 * load * random()],
    ] as const) {
      gauges.push({ kind: 'server' as const, target: 'demo-server', metric, minute: at, value: Math.round(value * 10) / 10 });
    }
    for (const [service, healthy, unhealthy] of [
      ['prod/DEFAULT_GROUP@@course-service', 2, 0],
      ['prod/DEFAULT_GROUP@@order-service', 1, 1],
      ['prod/DEFAULT_GROUP@@user-service', 1, 0],
    ] as const) {
      gauges.push({ kind: 'service' as const, target: service, metric: 'healthy', minute: at, value: healthy });
      gauges.push({ kind: 'service' as const, target: service, metric: 'unhealthy', minute: at, value: unhealthy });
    }
  }
  await insertInBatches(traffic, (batch) => db.insertInto('mon_traffic_minute').values(batch).execute());
  await insertInBatches(gauges, (batch) => db.insertInto('mon_gauge_minute').values(batch).execute());
}

/** Receivers of each kind, rules beside the seeded two, and the afternoon incident's alarms, resolved and acknowledged. */
async function seedAlarms(db: Kysely<Database>, now: number, adminId: number): Promise<void> {
  const administrators = await db.selectFrom('alarm_receiver').select('id').where('receiver_name', '=', '管理员').executeTakeFirstOrThrow();
  const receiver = { emails: [], url: '', secret: '', roleCodes: [], userNames: [], enabled: true };
  const webhook = await saveReceiver(
    db,
    null,
    {
      ...receiver,
      receiverName: '运维值班 Webhook',
      kind: 'webhook',
      url: 'https://hooks.example.com/qiming/alarms',
      secret: 'demo-signing-secret',
    },
    now,
  );
  const mail = await saveReceiver(db, null, { ...receiver, receiverName: '值班邮箱', kind: 'email', emails: ['oncall@example.com'] }, now);
  const rule = { target: '', comparison: 'gt', enabled: true } as const;
  const slow = await saveRule(
    db,
    null,
    {
      ...rule,
      ruleName: '官网内容接口变慢',
      targetKind: 'route',
      target: 'site-content',
      metric: 'p99Ms',
      threshold: 800,
      durationSec: 60,
      level: 'general',
      receiverIds: [Number(administrators.id)],
    },
    now,
  );
  const errors = await saveRule(
    db,
    null,
    {
      ...rule,
      ruleName: '官网内容接口出错',
      targetKind: 'route',
      target: 'site-content',
      metric: 'errorRatio',
      threshold: 0.1,
      durationSec: 120,
      level: 'urgent',
      receiverIds: [webhook, mail, Number(administrators.id)],
    },
    now,
  );
  await saveRule(
    db,
    null,
    {
      ...rule,
      ruleName: '服务器 CPU 过高',
      targetKind: 'server',
      metric: 'cpuPercent',
      threshold: 90,
      durationSec: 300,
      level: 'serious',
      receiverIds: [mail],
      enabled: false,
    },
    now,
  );
  const incidentAt = Math.floor(now / minute) * minute - 6 * 60 * minute;
  for (const [ruleId, ruleName, metric, threshold, level, fired, receivers] of [
    [errors, '官网内容接口出错', 'errorRatio', 0.1, 'urgent', 0.31, ['运维值班 Webhook', '值班邮箱', '管理员']],
    [slow, '官网内容接口变慢', 'p99Ms', 800, 'general', 1240, ['管理员']],
  ] as const) {
    const event = await db
      .insertInto('alarm_event')
      .values({
        rule_id: ruleId,
        rule_name: ruleName,
        level,
        target_kind: 'route',
        target: 'site-content',
        metric,
        comparison: 'gt',
        threshold,
        fired_value: fired,
        last_value: threshold / 4,
        status: 'resolved',
        fired_at: incidentAt + 3 * minute,
        resolved_at: incidentAt + 31 * minute,
        acknowledged_at: level === 'urgent' ? incidentAt + 9 * minute : null,
        acknowledged_by: level === 'urgent' ? 'sysadmin' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const phase of ['firing', 'resolved'] as const) {
      const at = phase === 'firing' ? incidentAt + 3 * minute : incidentAt + 31 * minute;
      for (const name of receivers) {
        await db
          .insertInto('alarm_delivery')
          .values({
            event_id: event.id,
            receiver_id: name === '运维值班 Webhook' ? webhook : name === '值班邮箱' ? mail : Number(administrators.id),
            receiver_name: name,
            kind: name === '运维值班 Webhook' ? 'webhook' : name === '值班邮箱' ? 'email' : 'inApp',
            phase,
            status: 'sent',
            attempts: 1,
            error: null,
            next_attempt_at: at,
            updated_at: at,
          })
          .execute();
      }
      await db
        .insertInto('alarm_notification')
        .values({ event_id: event.id, account_id: adminId, phase, created_at: at, read_at: at + minute })
        .execute();
    }
  }
}

export async function seedDemoMonitoring(db: Kysely<Database>, now: number, adminId: number): Promise<void> {
  await seedHistory(db, now);
  await seedAlarms(db, now, adminId);
}
