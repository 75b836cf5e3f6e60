import { describe, expect, it } from 'vitest';
import { alarmReceiverInput, alarmRuleInput, isAllowListEntry } from './alarms.ts';

describe('outbound allow-list entries', () => {
  it('takes host names, wildcards of a domain, addresses and CIDR ranges', () => {
    for (const entry of ['hooks.example.com', '*.example.com', 'localhost', '127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '0.0.0.0/0']) {
      expect(isAllowListEntry(entry), entry).toBe(true);
    }
  });

  it('refuses what no check could read, so a typo never widens the list', () => {
    for (const entry of [
      '*',
      '*.',
      'http://example.com',
      '10.0.0.0/33',
      '256.1.1.1',
      '1.2.3.4/8/9',
      'fd00::/129',
      'host name',
      'example.com/24',
      'a..b',
    ]) {
      expect(isAllowListEntry(entry), entry).toBe(false);
    }
  });
});

describe('alarm rule and receiver input', () => {
  const rule = {
    ruleName: 'Errors',
    targetKind: 'route',
    metric: 'failed',
    comparison: 'gt',
    threshold: '5',
    durationSec: '60',
    level: 'urgent',
  };

  it('offers each kind of target only its own figures', () => {
    expect(alarmRuleInput.safeParse(rule).success).toBe(true);
    expect(alarmRuleInput.safeParse({ ...rule, metric: 'healthy' }).success).toBe(false);
    expect(alarmRuleInput.safeParse({ ...rule, targetKind: 'service', metric: 'healthy' }).success).toBe(true);
  });

  it('reads one receiver id of a form body as a list of one', () => {
    expect(alarmRuleInput.parse({ ...rule, receiverIds: '7' }).receiverIds).toEqual([7]);
    expect(alarmRuleInput.parse(rule).receiverIds).toEqual([]);
  });

  it('asks each kind of receiver for what it needs', () => {
    const base = { receiverName: 'Ops' };
    expect(alarmReceiverInput.safeParse({ ...base, kind: 'email' }).success).toBe(false);
    expect(alarmReceiverInput.safeParse({ ...base, kind: 'email', emails: 'ops@example.com' }).success).toBe(true);
    expect(alarmReceiverInput.safeParse({ ...base, kind: 'webhook' }).success).toBe(false);
    expect(alarmReceiverInput.safeParse({ ...base, kind: 'webhook', url: 'https://hooks.example.com/x' }).success).toBe(true);
    expect(alarmReceiverInput.safeParse({ ...base, kind: 'inApp' }).success).toBe(false);
    expect(alarmReceiverInput.safeParse({ ...base, kind: 'inApp', roleCodes: ['super_admin'] }).success).toBe(true);
  });
});
