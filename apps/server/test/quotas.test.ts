// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCluster } from '../src/cluster/openCluster.ts';
import { readConfig } from '../src/config.ts';
import { chargeAccountQuota } from '../src/http/accountQuota.ts';
import type { Caller } from '../src/http/caller.ts';
import { assignRole, grantOperations, insertRole } from '../src/modules/iam/roleRepo.ts';
import { bpmCalls, bpmnOf, flow, userTask } from './bpmModels.ts';
import { bannerPng } from './pngImages.ts';
import { bearer, createTestApp, namedCalls, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const manager = { userName: 'manager01', password: 'Manager@2026' };
const minute = 60_000;
/** The quotas a server starts with; completions, submissions and uploads are set low so a test reaches them quickly. */
const defaults = readConfig({}).accountQuotas;

/**
 * Writes that fan out, flooded by the lowest role: past its quota an account is answered 429 with
 * `Retry-After` and a message in its language, nothing is done, other accounts go on, and the next
 * window lets it write again.
 */
describe(`quotas on writes that fan out (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const { call, ok, su } = namedCalls(() => t, tokens);
  const bpm = bpmCalls(
    () => t,
    () => tokens.sysadmin as Tokens,
  );
  const accountId = async (userName: string) =>
    (await t.context.db.selectFrom('iam_account').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
  const startAs = (who: string, language = 'en') =>
    bpm.call(tokens[who] as Tokens, 'POST', '/instances', { definitionKey: 'q_flow', businessKey: 'Q', variables: {} }, language);
  const instancesStartedBy = async (who: string) =>
    (await t.context.db.selectFrom('bpm_instance').select('id').where('started_by', '=', who).execute()).length;
  /** Moves the clock to the start of the next minute, a fresh window for every account. */
  const nextMinute = () => t.clock.advance(minute - (t.clock.time % minute));

  beforeAll(async () => {
    t = await createTestApp({
      config: { accountQuotas: { ...defaults, taskCompletions: 3, formSubmissions: 3, uploads: 3 }, quotaExemptUsers: ['sysadmin'] },
    });
    const role = await insertRole(t.context.db, { roleCode: 'q_worker', roleName: 'q_worker', roleType: 'common' });
    await grantOperations(t.context.db, role, ['task:view', 'task:start', 'task:complete', 'form:fill']);
    for (const account of [staff, manager]) await assignRole(t.context.db, await accountId(account.userName), role);
    tokens.sysadmin = await signIn(t.app, sysadmin);
    tokens.staff01 = await signIn(t.app, staff);
    tokens.manager01 = await signIn(t.app, manager);
    await bpm.release(
      'q_flow',
      bpmnOf('q_flow', [userTask('apply', 'Apply', { assignee: '${initiator}' }), flow('start', 'apply'), flow('apply', 'end')]),
    );
  });
  afterAll(async () => t.close());

  it('starts no more than the quota of instances a minute for one account, in every language, and again the next minute', async () => {
    const before = await instancesStartedBy('staff01');
    nextMinute();
    t.clock.advance(15_000);
    for (let index = 0; index < defaults.workflowStarts; index += 1) expect((await startAs('staff01')).statusCode).toBe(200);
    const refused = await startAs('staff01');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json().message).toBe(
      `Too many of these at once: at most ${defaults.workflowStarts} a minute, please try again in 45 seconds`,
    );
    expect((await startAs('staff01', 'zh')).json().message).toBe(`操作过于频繁：每分钟最多 ${defaults.workflowStarts} 次，请 45 秒后再试`);
    expect((await startAs('staff01', 'es')).json().message).toMatch(/como máximo 20 por minuto/);
    expect((await startAs('staff01', 'ja')).json().message).toMatch(/45 秒後/);
    expect(await instancesStartedBy('staff01')).toBe(before + defaults.workflowStarts);

    // Another account, and an account exempted as a machine client, are not held back by staff01's count.
    expect((await startAs('manager01')).statusCode).toBe(200);
    for (let index = 0; index <= defaults.workflowStarts; index += 1) expect((await startAs('sysadmin')).statusCode).toBe(200);

    t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await startAs('staff01')).statusCode).toBe(200);
    expect(await instancesStartedBy('staff01')).toBe(before + defaults.workflowStarts + 1);
  });

  it('completes no more than the quota of tasks a minute, leaving the refused task open', async () => {
    nextMinute();
    const open = await bpm.data(tokens.staff01 as Tokens, 'GET', '/tasks/todo?limit=10');
    const taskIds: number[] = open.records.map((task: { id: number }) => task.id);
    const complete = (taskId: number) =>
      bpm.call(tokens.staff01 as Tokens, 'POST', `/tasks/${taskId}/complete`, { variables: {}, values: {}, comment: '' });
    for (const taskId of taskIds.slice(0, 3)) expect((await complete(taskId)).statusCode).toBe(200);
    const refused = await complete(taskIds[3] as number);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    const task = await t.context.db
      .selectFrom('bpm_task')
      .select('status')
      .where('id', '=', taskIds[3] as number)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('open');
    t.clock.advance(minute);
    expect((await complete(taskIds[3] as number)).statusCode).toBe(200);
  });

  it('keeps no more than the quota of form submissions a minute', async () => {
    const form = await ok(
      await su('POST', '/api/admin/forms', {
        name: 'Quota form',
        description: '',
        field: { fields: [{ key: 'title', label: { zh: '标题', en: 'Title' }, kind: 'text' }] },
        action: 'quota.test',
        url: '',
        modelName: 'quota_test',
      }),
    );
    await ok(await su('POST', `/api/admin/forms/${form.id}/publish`));
    nextMinute();
    const submit = (who: string) => call(who, 'POST', `/api/admin/forms/${form.id}/submissions`, { values: { title: 'x' } });
    for (let index = 0; index < 3; index += 1) await ok(await submit('staff01'));
    const refused = await submit('staff01');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().message).toMatch(/at most 3 a minute/);
    await ok(await submit('manager01'));
    const kept = await t.context.db.selectFrom('form_submission').select('id').where('form_id', '=', form.id).execute();
    expect(kept.length).toBe(4);
    t.clock.advance(minute);
    await ok(await submit('staff01'));
  });

  it('answers both upload limits, per minute and per day, with 429 and Retry-After', async () => {
    let images = 0;
    const upload = () => {
      images += 1;
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/attachments?name=q.png',
        payload: bannerPng(30 + images, 10, [24, 144, 255], [19, 194, 194]),
        headers: { ...bearer(tokens.staff01 as Tokens), 'content-type': 'application/octet-stream', 'accept-language': 'en' },
      });
    };
    const stored = async () => (await t.context.db.selectFrom('sys_attachment').select('id').execute()).length;
    const before = await stored();
    nextMinute();
    for (let index = 0; index < 3; index += 1) await ok(await upload());
    const perMinute = await upload();
    expect(perMinute.statusCode).toBe(429);
    expect(perMinute.headers['retry-after']).toBe('60');
    expect(await stored()).toBe(before + 3);

    // An hour ago staff01 stored almost the day's 200 MB: the next image waits until that upload is a day old.
    nextMinute();
    const hour = 3_600_000;
    await t.context.db
      .insertInto('sys_attachment')
      .values({
        sha256: 'f'.repeat(64),
        file_name: 'big.png',
        content_type: 'image/png',
        byte_size: 200 * 1024 * 1024 - 100,
        width: 1,
        height: 1,
        uploaded_by: await accountId('staff01'),
        uploaded_at: t.clock.time - hour,
      })
      .execute();
    const perDay = await upload();
    expect(perDay.statusCode).toBe(429);
    expect(perDay.json().message).toMatch(/200 MB of new images/);
    expect(perDay.headers['retry-after']).toBe(String(23 * 3600));
    expect(await stored()).toBe(before + 4);
    t.clock.advance(23 * hour);
    tokens.staff01 = await signIn(t.app, staff);
    await ok(await upload());
  });

  it('counts one quota for an account across servers sharing Redis', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    // Two servers of one installation: one prefix, each its own connections.
    const prefix = `qiming-quota-test-${randomUUID()}:`;
    const pair = await Promise.all([0, 1].map(() => openCluster({ redisUrl, redisPrefix: prefix })));
    try {
      const config = { ...t.context.config, accountQuotas: { ...defaults, workflowStarts: 3 } };
      const caller = { userName: 'staff01', accountId: await accountId('staff01') } as Caller;
      const charge = (server: number) =>
        chargeAccountQuota({ cluster: pair[server] as (typeof pair)[number], config, now: t.clock.now }, caller, 'workflowStarts');
      nextMinute();
      await charge(0);
      await charge(1);
      await charge(0);
      await expect(charge(1)).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '60' } });
    } finally {
      await Promise.all(pair.map((cluster) => cluster.close()));
    }
  });
});
