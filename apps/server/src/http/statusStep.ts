import type { MessageKey } from '@qiming/shared';
import { badRequest } from './errors.ts';

/** A step of a record's life cycle: the statuses it starts from and the one it leads to. */
export interface StatusStep<Status extends string> {
  from: Status[];
  to: Status;
}

/**
 * Moves a record one step on (publish, withdraw, release, cancel): refused with `refusal` unless the
 * record's status is one the step starts from; the audit entry shows the status before and after.
 */
export async function takeStatusStep<Status extends string, Row extends { status: Status }>(
  step: StatusStep<Status>,
  record: { load: () => Promise<Row>; save: (status: Status) => Promise<void> },
  /** The change's audit entry (audit's AuditEntry): named by shape, as the kernel imports no module. */
  entry: { before?: unknown; after?: unknown },
  refusal: MessageKey,
): Promise<Row> {
  const before = await record.load();
  entry.before = { status: before.status };
  if (!step.from.includes(before.status)) throw badRequest(refusal);
  await record.save(step.to);
  const after = await record.load();
  entry.after = { status: after.status };
  return after;
}
