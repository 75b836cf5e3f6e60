import type { AlarmReceiver, AlarmReceiverInput, AlarmRule, AlarmRuleInput, OutboundSettings, OutboundSettingsInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { idParam } from '../../http/idList.ts';
import { type AuditEntry, audited } from '../audit/audited.ts';
import { readOutbound, sendToReceiver } from './alarmDelivery.ts';
import * as repo from './alarmRepo.ts';
import { acknowledgeEvent, findEvent } from './eventRepo.ts';
import { publicOutboundSettings, writeOutboundSettings } from './outboundSettings.ts';

/** Whether the target a rule names exists: a route id, an API group, a degrade rule id, a service. Servers come and go: any name. */
async function targetExists(db: Kysely<Database>, rule: AlarmRuleInput): Promise<boolean> {
  const { target } = rule;
  switch (rule.targetKind) {
    case 'route':
      return Boolean(await db.selectFrom('gw_route').select('id').where('route_id', '=', target).executeTakeFirst());
    case 'apiGroup':
      return Boolean(await db.selectFrom('gw_api_group').select('id').where('api_name', '=', target).executeTakeFirst());
    case 'breaker':
      // Written as the breaker's id is shown (no leading zero, so the rule matches it) and one the table can hold.
      return (
        /^[1-9]\d*$/.test(target) &&
        idParam.safeParse(target).success &&
        Boolean(await db.selectFrom('gw_degrade_rule').select('id').where('id', '=', Number(target)).executeTakeFirst())
      );
    case 'service': {
      const found = /^([^/]+)\/(.+)@@(.+)$/.exec(target);
      if (!found) return false;
      const [, namespaceId = '', groupName = '', serviceName = ''] = found;
      const service = await db
        .selectFrom('reg_service')
        .select('id')
        .where('namespace_id', '=', namespaceId)
        .where('group_name', '=', groupName)
        .where('service_name', '=', serviceName)
        .executeTakeFirst();
      return Boolean(service);
    }
    case 'server':
    // A workflow target is a definition key, which may be released after the rule.
    case 'workflow':
      return true;
  }
}

/** Alarm rules, receivers, events and the outbound settings as the back-office changes them, every change audited. */
export class AlarmService {
  constructor(private readonly context: AppContext) {}

  saveRule(caller: Caller, id: number | null, input: AlarmRuleInput): Promise<AlarmRule> {
    return this.change(caller, 'alarm', id === null ? 'add' : 'edit', input.ruleName, async (trx, entry) => {
      if (id !== null) entry.before = await requireRule(trx, id);
      if (input.target !== '' && !(await targetExists(trx, input))) throw badRequest('error.alarmTargetMissing', { target: input.target });
      if ((await repo.missingReceivers(trx, input.receiverIds)).length > 0)
        throw badRequest('error.referenceMissing', { field: 'receiverIds' });
      try {
        id = await repo.saveRule(trx, id, input, this.context.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.duplicateName', { name: input.ruleName });
        throw error;
      }
      const saved = await requireRule(trx, id);
      entry.after = saved;
      return saved;
    });
  }

  setRuleEnabled(caller: Caller, id: number, enabled: boolean): Promise<AlarmRule> {
    return this.change(caller, 'alarm', 'edit', String(id), async (trx, entry) => {
      entry.before = await requireRule(trx, id);
      await repo.setRuleEnabled(trx, id, enabled, this.context.now());
      const saved = await requireRule(trx, id);
      entry.after = saved;
      return saved;
    });
  }

  removeRules(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
    return this.change(caller, 'alarm', 'delete', ids.join(','), async (trx, entry) => {
      entry.before = await Promise.all(ids.map((id) => requireRule(trx, id)));
      const deleted = { deleted: await repo.deleteRules(trx, ids) };
      entry.after = deleted;
      return deleted;
    });
  }

  saveReceiver(caller: Caller, id: number | null, input: AlarmReceiverInput): Promise<AlarmReceiver> {
    return this.change(caller, 'alarmReceiver', id === null ? 'add' : 'edit', input.receiverName, async (trx, entry) => {
      if (id !== null) entry.before = repo.publicReceiver(await requireReceiver(trx, id));
      try {
        id = await repo.saveReceiver(trx, id, input, this.context.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.duplicateName', { name: input.receiverName });
        throw error;
      }
      const saved = repo.publicReceiver(await requireReceiver(trx, id));
      entry.after = saved;
      return saved;
    });
  }

  removeReceivers(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
    return this.change(caller, 'alarmReceiver', 'delete', ids.join(','), async (trx, entry) => {
      entry.before = (await Promise.all(ids.map((id) => requireReceiver(trx, id)))).map(repo.publicReceiver);
      const deleted = { deleted: await repo.deleteReceivers(trx, ids) };
      entry.after = deleted;
      return deleted;
    });
  }

  /** Sends a test message to an e-mail or webhook receiver now, through the same checks as an alarm. */
  async testReceiver(id: number): Promise<{ sent: true }> {
    const receiver = await requireReceiver(this.context.db, id);
    if (receiver.kind === 'inApp') throw badRequest('error.badInput');
    const text = `A test from Qiming's alarm receivers (${receiver.receiverName}).`;
    await sendToReceiver(
      await readOutbound(this.context.db),
      receiver,
      {
        webhook: { phase: 'test', receiver: receiver.receiverName, sentAt: new Date(this.context.now()).toISOString() },
        mail: { subject: '[Qiming] Test', text },
      },
      0,
    );
    return { sent: true };
  }

  acknowledge(caller: Caller, id: number) {
    return this.change(caller, 'alarmEvent', 'acknowledge', String(id), async (trx, entry) => {
      if (!(await findEvent(trx, id))) throw notFound();
      await acknowledgeEvent(trx, id, caller.userName, this.context.now());
      const event = await findEvent(trx, id);
      if (!event) throw notFound();
      entry.after = event;
      return event;
    });
  }

  saveSettings(caller: Caller, input: OutboundSettingsInput): Promise<OutboundSettings> {
    return this.change(caller, 'outbound', 'edit', 'settings', async (trx, entry) => {
      const saved = publicOutboundSettings(await writeOutboundSettings(trx, input));
      entry.after = saved;
      return saved;
    });
  }

  private change<T>(
    caller: Caller,
    subject: string,
    action: string,
    target: string,
    work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>,
  ): Promise<T> {
    return audited(this.context, caller, { operation: `${subject}:${action}`, target: `${subject}:${target}` }, work);
  }
}

async function requireRule(db: Kysely<Database>, id: number): Promise<AlarmRule> {
  const rule = await repo.findRule(db, id);
  if (!rule) throw notFound();
  return rule;
}

async function requireReceiver(db: Kysely<Database>, id: number): Promise<repo.StoredReceiver> {
  const receiver = await repo.findReceiver(db, id);
  if (!receiver) throw notFound();
  return receiver;
}
