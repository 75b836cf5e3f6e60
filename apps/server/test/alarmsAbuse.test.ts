import type { AlarmEvent, AlarmReceiver, AlarmRule, PageResult } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../src/modules/outbound/outboundPolicy.ts';
import { createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const password = 'Alarm@2026x';

/** Alarm rules, receivers, events and outbound calls as an attacker inside or outside the grants would try them. */
describe(`alarms abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const { call, ok, su, scopedRole, createAccount } = namedCalls(() => t, tokens);

  const rule = (overrides: Partial<AlarmRule> = {}) => ({
    ruleName: 'Abuse rule',
    targetKind: 'server',
    target: '',
    metric: 'cpuPercent',
    comparison: 'gt',
    threshold: 90,
    durationSec: 0,
    level: 'general',
    receiverIds: [],
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    const reader = await scopedRole(
      'alarm_reader',
      ['alarm:view', 'alarmReceiver:view', 'alarmEvent:view', 'outbound:view', 'monitor:view'],
      'global',
    );
    const accountId = await createAccount({ userName: 'alarm_reader', password, organId: null });
    await ok(await su('POST', '/api/admin/roles/authorise', { accountIds: [accountId], roleIds: [reader] }));
    tokens.reader = await signIn(t.app, { userName: 'alarm_reader', password });
  });
  afterAll(async () => t.close());

  it('refuses a webhook to loopback or the metadata service in an IPv6 form that embeds it, with the whole internet allowed', async () => {
    await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: ['0.0.0.0/0', '::/0'], smtpPort: 25 }));
    const embedded = [
      '[64:ff9b::a9fe:a9fe]', // NAT64 of 169.254.169.254
      '[64:ff9b::7f00:1]', // NAT64 of 127.0.0.1
      '[64:ff9b:1::a00:1]', // NAT64 for local use
      '[::7f00:1]', // IPv4-compatible 127.0.0.1
      '[2002:a9fe:a9fe::1]', // 6to4 of 169.254.169.254
      '[2002:a00:1::1]', // 6to4 of 10.0.0.1
      '[fec0::1]', // site-local
    ];
    for (const [index, host] of embedded.entries()) {
      const receiver = (await ok(
        await su('POST', '/api/admin/alarms/receivers', {
          receiverName: `Embedded ${index}`,
          kind: 'webhook',
          url: `http://${host}/latest/meta-data/`,
        }),
      )) as AlarmReceiver;
      const sent = await su('POST', `/api/admin/alarms/receivers/${receiver.id}/test`);
      expect(sent.statusCode, `${host}: ${sent.body}`).toBe(403);
      expect(sent.json().message).toContain('are not allowed');
    }
    // The same forms of a public address stay open to `::/0`.
    const policy = new OutboundPolicy(['::/0']);
    for (const address of ['64:ff9b::5db8:d822', '2002:5db8:d822::1', '2606:2800:220:1::1'])
      expect(policy.allows('a', address), address).toBe(true);
  });

  it('answers a rule naming an id no table can hold as a missing reference, not a server error', async () => {
    const breaker = await su('POST', '/api/admin/alarms/rules', rule({ targetKind: 'breaker', metric: 'open', target: '99999999999' }));
    expect(breaker.statusCode, breaker.body).toBe(400);
    expect(breaker.json().message).toContain('There is no 99999999999 to watch');
    // Ids past what an id column holds are refused as they arrive, by the rule, the event filter and every batch action.
    const receivers = await su('POST', '/api/admin/alarms/rules', rule({ receiverIds: [2 ** 31] }));
    const events = await su('GET', `/api/admin/alarms/events?ruleId=${2 ** 31}`);
    const removal = await su('POST', '/api/admin/alarms/rules/delete', { ids: [2 ** 31] });
    expect([receivers, events, removal].map((refused) => [refused.statusCode, refused.json().message])).toEqual([
      [400, 'Invalid value for receiverIds.0'],
      [400, 'Invalid value for ruleId'],
      [400, 'Invalid value for ids.0'],
    ]);
    expect(
      ((await ok(await su('GET', '/api/admin/alarms/rules'))) as PageResult<AlarmRule>).records.map((one) => one.ruleName),
    ).not.toContain('Abuse rule');
  });

  it('lets a reader of rules, receivers, events and settings change none of them, and shows no secret', async () => {
    await ok(
      await su('PUT', '/api/admin/alarms/settings', {
        allowList: ['127.0.0.1'],
        smtpHost: '127.0.0.1',
        smtpPort: 25,
        smtpPassword: 'mail-pass',
      }),
    );
    const hook = (await ok(
      await su('POST', '/api/admin/alarms/receivers', {
        receiverName: 'Signed hook',
        kind: 'webhook',
        url: 'http://127.0.0.1:9/h',
        secret: 'hook-secret',
      }),
    )) as AlarmReceiver;
    const created = (await ok(await su('POST', '/api/admin/alarms/rules', rule({ receiverIds: [hook.id] })))) as AlarmRule;
    const eventId = Number(
      (
        await t.context.db
          .insertInto('alarm_event')
          .values({
            rule_id: created.id,
            rule_name: created.ruleName,
            level: 'general',
            target_kind: 'server',
            target: 'app-1',
            metric: 'cpuPercent',
            comparison: 'gt',
            threshold: 90,
            fired_value: 95,
            last_value: 95,
            status: 'firing',
            fired_at: t.clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const attempts: Array<[string, 'POST' | 'PUT', string, object?]> = [
      ['add a rule', 'POST', '/api/admin/alarms/rules', rule({ ruleName: 'Reader rule' })],
      ['edit a rule', 'PUT', `/api/admin/alarms/rules/${created.id}`, rule({ threshold: 1 })],
      ['switch a rule off', 'POST', `/api/admin/alarms/rules/${created.id}/enabled`, { enabled: false }],
      ['delete a rule', 'POST', '/api/admin/alarms/rules/delete', { ids: [created.id] }],
      [
        'add a receiver',
        'POST',
        '/api/admin/alarms/receivers',
        { receiverName: 'Reader hook', kind: 'webhook', url: 'http://127.0.0.1:9/r' },
      ],
      [
        'edit a receiver',
        'PUT',
        `/api/admin/alarms/receivers/${hook.id}`,
        { receiverName: 'Signed hook', kind: 'webhook', url: 'http://127.0.0.1:9/x' },
      ],
      ['delete a receiver', 'POST', '/api/admin/alarms/receivers/delete', { ids: [hook.id] }],
      ['send a test', 'POST', `/api/admin/alarms/receivers/${hook.id}/test`],
      ['acknowledge', 'POST', `/api/admin/alarms/events/${eventId}/acknowledge`],
      ['change the settings', 'PUT', '/api/admin/alarms/settings', { allowList: ['0.0.0.0/0'], smtpPort: 25 }],
    ];
    for (const [what, method, url, payload] of attempts) expect((await call('reader', method, url, payload)).statusCode, what).toBe(403);

    const rules = (await ok(await call('reader', 'GET', '/api/admin/alarms/rules'))) as PageResult<AlarmRule>;
    expect(rules.records.find((one) => one.id === created.id)).toEqual(created);
    const receivers = await ok(await call('reader', 'GET', '/api/admin/alarms/receivers'));
    expect(receivers.records.find((one: AlarmReceiver) => one.id === hook.id)).toMatchObject({
      url: 'http://127.0.0.1:9/h',
      hasSecret: true,
    });
    const settings = await ok(await call('reader', 'GET', '/api/admin/alarms/settings'));
    expect(settings).toMatchObject({ allowList: ['127.0.0.1'], hasSmtpPassword: true });
    const events = (await ok(await call('reader', 'GET', `/api/admin/alarms/events?ruleId=${created.id}`))) as PageResult<AlarmEvent>;
    expect(events.records[0]).toMatchObject({ id: eventId, acknowledgedAt: null });
    const shown = JSON.stringify([receivers, settings, events]);
    expect(shown).not.toContain('hook-secret');
    expect(shown).not.toContain('mail-pass');
  });
});
