import type { TodoInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audited } from '../audit/audited.ts';
import * as repo from './todoRepo.ts';

/** A person's list stays a list: past this many tasks a new one is refused. */
export const maxTasksPerAccount = 2000;

/**
 * The signed-in user's own to-do list. Every read and write is limited to the caller's account, so
 * another person's task reads as absent (404) whatever its id.
 */
export class TodoService {
  constructor(private readonly context: AppContext) {}

  async require(caller: Caller, id: number, db: Kysely<Database> = this.context.db) {
    const task = await repo.findTask(db, caller.accountId, id);
    if (!task) throw notFound();
    return task;
  }

  /** A new task goes to the end of its bucket. */
  create(caller: Caller, input: TodoInput) {
    return audited(this.context, caller, { operation: 'todo:edit', target: 'todo:new' }, async (trx, entry) => {
      if ((await repo.countAll(trx, caller.accountId)) >= maxTasksPerAccount) {
        throw badRequest('error.todoLimit', { max: maxTasksPerAccount });
      }
      const position = (await repo.bucketOrder(trx, caller.accountId, input.bucket)).length;
      const id = await repo.insertTask(trx, caller.accountId, input, position, this.context.now());
      entry.after = await this.require(caller, id, trx);
      return entry.after;
    });
  }

  /** Changes a task's fields; a new bucket takes it to that bucket's end. */
  update(caller: Caller, id: number, input: TodoInput) {
    return audited(this.context, caller, { operation: 'todo:edit', target: `todo:${id}` }, async (trx, entry) => {
      const before = await this.require(caller, id, trx);
      entry.before = before;
      await repo.updateTask(trx, caller.accountId, id, input, this.context.now());
      if (before.bucket !== input.bucket) await this.place(caller, trx, id, input.bucket, Number.MAX_SAFE_INTEGER);
      entry.after = await this.require(caller, id, trx);
      return entry.after;
    });
  }

  /** Drag and drop: the task to `bucket` at `index`; both buckets close up around it. */
  move(caller: Caller, id: number, bucket: number, index: number) {
    return audited(this.context, caller, { operation: 'todo:edit', target: `todo:${id}` }, async (trx, entry) => {
      entry.before = await this.require(caller, id, trx);
      await this.place(caller, trx, id, bucket, index);
      entry.after = await this.require(caller, id, trx);
      return entry.after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'todo:edit', target: `todo:${ids.join(',')}` }, async (trx, entry) => {
      const removed = await Promise.all(ids.map((id) => this.require(caller, id, trx)));
      entry.before = removed;
      const deleted = await repo.deleteTasks(trx, caller.accountId, ids);
      for (const bucket of new Set(removed.map((task) => task.bucket))) {
        await repo.writeOrder(trx, caller.accountId, bucket, await repo.bucketOrder(trx, caller.accountId, bucket), this.context.now());
      }
      entry.after = { deleted };
      return entry.after;
    });
  }

  private async place(caller: Caller, trx: Kysely<Database>, id: number, bucket: number, index: number) {
    const task = await this.require(caller, id, trx);
    const now = this.context.now();
    if (task.bucket !== bucket) {
      const left = (await repo.bucketOrder(trx, caller.accountId, task.bucket)).filter((other) => other !== id);
      await repo.writeOrder(trx, caller.accountId, task.bucket, left, now);
    }
    const order = (await repo.bucketOrder(trx, caller.accountId, bucket)).filter((other) => other !== id);
    order.splice(Math.min(index, order.length), 0, id);
    await repo.writeOrder(trx, caller.accountId, bucket, order, now);
  }
}
