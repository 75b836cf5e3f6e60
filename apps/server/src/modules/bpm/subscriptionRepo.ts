import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Subscription } from './eventCatalog.ts';

/** The messages and signals an instance waits for, as its last command left it. */
export async function replaceSubscriptions(db: Kysely<Database>, instanceId: number, subscriptions: Subscription[]): Promise<void> {
  await db.deleteFrom('bpm_subscription').where('instance_id', '=', instanceId).execute();
  if (subscriptions.length === 0) return;
  await db
    .insertInto('bpm_subscription')
    .values(
      subscriptions.map((subscription) => ({
        instance_id: instanceId,
        execution_id: subscription.executionId.slice(0, 120),
        element_id: subscription.elementId.slice(0, 120),
        kind: subscription.kind,
        event_name: subscription.name.slice(0, 200),
      })),
    )
    .execute();
}

export interface WaitingSubscription {
  instanceId: number;
  executionId: string;
  elementId: string;
  businessKey: string;
  variables: string;
}

/** Running instances waiting for the message or signal of this name, optionally of one instance or business key. */
export async function waitingFor(
  db: Kysely<Database>,
  kind: 'message' | 'signal',
  name: string,
  filter: { instanceId?: number; businessKey?: string } = {},
): Promise<WaitingSubscription[]> {
  let query = db
    .selectFrom('bpm_subscription as s')
    .innerJoin('bpm_instance as i', 'i.id', 's.instance_id')
    .select([
      's.instance_id as instanceId',
      's.execution_id as executionId',
      's.element_id as elementId',
      'i.business_key as businessKey',
      'i.variables',
    ])
    .where('s.kind', '=', kind)
    .where('s.event_name', '=', name)
    .where('i.state', '=', 'running');
  if (filter.instanceId !== undefined) query = query.where('s.instance_id', '=', filter.instanceId);
  if (filter.businessKey !== undefined) query = query.where('i.business_key', '=', filter.businessKey);
  return query.orderBy('s.instance_id').orderBy('s.id').execute();
}
