import type { TodoInput, TodoTask } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { holdTransactionLock } from '../../db/transactionLock.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type AuditEntry, audited } from '../audit/audited.ts';
import * as repo from './todoRepo.ts';

/** A person's list stays a list: past this many tasks a new one is refused. */
export const maxTasksPerAccount = 2000;

/**
 * The signed-in user's own to-do list. Every read and write is limited to the caller's account, so
 * another person's task reads as absent (404) whatever its id.
 */
export class TodoService {
  /** The change of each account's list under way in this process, and those queued behind it. */
  private readonly changing = new Map<number, Promise<unknown>>();

  constructor(private readonly context: AppContext) {}

  async require(caller: Caller, id: number, db: Kysely<Database> = this.context.db) {
    const task = await repo.findTask(db, caller.accountId, id);
    if (!task) throw notFound();
    return task;
  }

  /** A new task goes to the end of its bucket. */
  create(caller: Caller, input: TodoInput) {
    return this.change(caller, 'todo:new', async (trx, entry) => {
      if ((await repo.countAll(trx, caller.accountId)) >= maxTasksPerAccount) {
        throw badRequest('error.todoLimit', { max: maxTasksPerAccount });
      }
      const position = (await repo.bucketOrder(trx, caller.accountId, input.bucket)).length;
      const id = await repo.insertTask(trx, caller.accountId, input, position, this.context.now());
      const after = await this.require(caller, id, trx);
      entry.after = after;
      return after;
    });
  }

  /** Changes a task's fields; a new bucket takes it to that bucket's end. */
  update(caller: Caller, id: number, input: TodoInput) {
    return this.change(caller, `todo:${id}`, async (trx, entry) => {
      const before = await this.require(caller, id, trx);
      entry.before = before;
      await repo.updateTask(trx, caller.accountId, id, input, this.context.now());
      if (before.bucket !== input.bucket) await this.place(caller, trx, id, input.bucket, Number.MAX_SAFE_INTEGER);
      const after = await this.require(caller, id, trx);
      entry.after = after;
      return after;
    });
  }

  /** Drag and drop: the task to `bucket` at `index`; both buckets close up around it. */
  move(caller: Caller, id: number, bucket: number, index: number) {
    return this.change(caller, `todo:${id}`, async (trx, entry) => {
      entry.before = await this.require(caller, id, trx);
      await this.place(caller, trx, id, bucket, index);
      const after = await this.require(caller, id, trx);
      entry.after = after;
      return after;
    });
  }

  remove(caller: Caller, ids: number[]) {
    return this.change(caller, `todo:${ids.join(',')}`, async (trx, entry) => {
      const removed = await repo.findTasks(trx, caller.accountId, ids);
      if (removed.length < new Set(ids).size) throw notFound();
      entry.before = removed;
      const deleted = await repo.deleteTasks(trx, caller.accountId, ids);
      // Each task after a gap moves up by the number of gaps before it: one statement per gap.
      for (const bucket of new Set(removed.map((task) => task.bucket))) {
        const gaps = [...new Set(removed.filter((task) => task.bucket === bucket).map((task) => task.position))].sort((a, b) => a - b);
        for (const [index, gap] of gaps.entries()) {
          await repo.shiftPositions(trx, caller.accountId, bucket, { from: gap + 1, to: gaps[index + 1] }, -(index + 1));
        }
      }
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  private async place(caller: Caller, trx: Kysely<Database>, id: number, bucket: number, index: number) {
    const task = await this.require(caller, id, trx);
    await repo.shiftPositions(trx, caller.accountId, task.bucket, { from: task.position + 1, except: id }, -1);
    const order = (await repo.bucketOrder(trx, caller.accountId, bucket)).filter((other) => other.id !== id);
    const position = order[index]?.position ?? (order.at(-1)?.position ?? -1) + 1;
    await repo.shiftPositions(trx, caller.accountId, bucket, { from: position, except: id }, 1);
    await repo.setPlace(trx, caller.accountId, id, bucket, position, this.context.now());
  }

  /**
   * One change of an account's list at a time, audited: queued in this process, so that a burst of drags
   * waits without holding database connections, and under the list's lock for the other processes.
   */
  private change<T>(caller: Caller, target: string, work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>): Promise<T> {
    const { accountId } = caller;
    const run = () =>
      audited(this.context, caller, { operation: 'todo:edit', target, params: withoutWords(caller.input) }, async (trx, entry) => {
        // A change shifts the places around the task it moves, which is only right over the places the
        // previous change left, and the limit on a list's length counts the list as it is.
        await holdTransactionLock(trx, 'todoList', accountId);
        const result = await work(trx, entry);
        entry.before = withoutWords(entry.before);
        entry.after = withoutWords(entry.after);
        return result;
      });
    const result = (this.changing.get(accountId) ?? Promise.resolve()).then(run);
    const settled = result.catch(() => undefined);
    this.changing.set(accountId, settled);
    void settled.then(() => {
      if (this.changing.get(accountId) === settled) this.changing.delete(accountId);
    });
    return result;
  }
}

/**
 * What the operation log keeps of a change to a personal list (the request, the task before and after):
 * where the task went and its state, not the person's own words (title, description), which the
 * administrators who read the log have no call to see.
 */
function withoutWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutWords);
  if (!value || typeof value !== 'object') return value;
  if ('body' in value) return { ...value, body: withoutWords(value.body) };
  if (!('title' in value)) return value;
  const { title: _title, description: _description, ...rest } = value as TodoTask;
  return rest;
}

// What other modules read of the to-do list (the dashboard's counts): exported by the service, so the
// repository stays this module's own.
export { countTasks } from './todoRepo.ts';
