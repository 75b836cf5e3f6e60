import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { AppError } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { CamundaError } from '../engineRest/camundaErrors.ts';
import { instanceIncidents, raiseIncident, resolveIncident } from '../incidents.ts';
import type { RuntimeService } from '../runtimeService.ts';
import * as repo from './externalTaskRepo.ts';

export interface FetchTopic extends Omit<repo.FetchableFilter, 'topic'> {
  topicName: string;
  lockDuration: number;
  variables?: string[];
}

export interface FetchInput {
  workerId: string;
  maxTasks: number;
  usePriority: boolean;
  asyncResponseTimeout: number;
  topics: FetchTopic[];
}

export interface LockedTask {
  task: repo.ExternalTaskView;
  topic: FetchTopic;
}

/** How often a held fetch looks for new tasks: a worker waits at most this long past a task's creation. */
const pollEveryMs = 250;

const notFound = (id: string) => new CamundaError(404, 'NotFoundException', 'error.externalTaskNotFound', { id });

/**
 * Camunda's external task pattern over Qiming's instances: workers fetch and lock waiting service tasks by
 * topic, then complete them (the instance moves on), report failures (retries counted down, none left is an
 * incident), throw BPMN errors (the boundary event, or an incident when none catches), extend or give up
 * their locks. A lock belongs to one worker id; another worker's command is refused as Camunda refuses it.
 */
export class ExternalTaskService {
  private readonly held = new Set<() => void>();

  constructor(
    private readonly context: AppContext,
    private readonly runtime: RuntimeService,
  ) {}

  /** Ends every held fetch now (the server is closing): they answer what they have, nothing. */
  releaseHeld(): void {
    for (const release of this.held) release();
  }

  /**
   * Locks up to maxTasks tasks over the topics, in their order; with asyncResponseTimeout and nothing to
   * lock, holds the request until a task comes, the time is up, or the client goes (`closed`).
   */
  async fetchAndLock(input: FetchInput, closed: AbortSignal): Promise<LockedTask[]> {
    if (input.maxTasks === 0) return [];
    // The hold is real waiting by the worker, so it is measured on the monotonic clock, not the app's.
    const until = performance.now() + input.asyncResponseTimeout;
    for (;;) {
      const locked = await this.lockSome(input);
      if (locked.length > 0 || closed.aborted || performance.now() >= until) return locked;
      await this.pause(Math.min(pollEveryMs, until - performance.now()), closed);
    }
  }

  private async lockSome(input: FetchInput): Promise<LockedTask[]> {
    const locked: LockedTask[] = [];
    for (const topic of input.topics) {
      const now = this.context.now();
      const wanted = input.maxTasks - locked.length;
      if (wanted <= 0) break;
      const candidates = await repo.fetchableTasks(this.context.db, { ...topic, topic: topic.topicName }, now, wanted, input.usePriority);
      for (const task of candidates) {
        const expires = now + topic.lockDuration;
        // Another worker may lock the same row between the read and this write: the write checks again.
        if (await repo.lockExternalTask(this.context.db, task.id, input.workerId, expires, now)) {
          locked.push({ task: { ...task, worker_id: input.workerId, lock_expires_at: expires }, topic });
        }
      }
    }
    return locked;
  }

  private pause(ms: number, closed: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        closed.removeEventListener('abort', done);
        this.held.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      closed.addEventListener('abort', done);
      this.held.add(done);
    });
  }

  /** The task, held by this worker now; Camunda's answers otherwise. */
  private async lockedBy(id: string, workerId: string, action: 'complete' | 'failure' | 'bpmnError' | 'extendLock') {
    const task = await repo.findExternalTask(this.context.db, id);
    if (!task) throw notFound(id);
    const held = task.worker_id !== null && task.lock_expires_at !== null && task.lock_expires_at > this.context.now();
    if (!held || task.worker_id !== workerId) {
      throw new CamundaError(400, 'BadUserRequestException', 'error.externalTaskNotLockedBy', {
        id,
        workerId,
        action,
        lockedBy: held ? String(task.worker_id) : '-',
      });
    }
    return task;
  }

  /** Checked again in the command's transaction: a lock that expired while the engine ran refuses the command. */
  private stillLocked(id: string, workerId: string) {
    return async (trx: Kysely<Database>) => {
      // A write, not a read: on PostgreSQL it also holds the row until the command commits.
      if (!(await repo.updateLocked(trx, id, workerId, this.context.now(), { worker_id: workerId }))) {
        throw new CamundaError(400, 'BadUserRequestException', 'error.externalTaskNotLockedBy', {
          id,
          workerId,
          action: 'complete',
          lockedBy: '-',
        });
      }
    };
  }

  async complete(caller: Caller, id: string, workerId: string, variables: Record<string, unknown>): Promise<void> {
    const task = await this.lockedBy(id, workerId, 'complete');
    await this.runtime.externalCommand(
      caller,
      task.instance_id,
      { kind: 'externalComplete', executionId: task.execution_id, output: variables },
      variables,
      this.stillLocked(id, workerId),
    );
  }

  /**
   * A BPMN error: the variables are set and the error goes to the task's boundary error events. When none
   * catches its code, Camunda's process would end silently; Qiming stops at the task with an incident instead,
   * so the error is seen.
   */
  async bpmnError(
    caller: Caller,
    id: string,
    workerId: string,
    error: { code: string; message: string },
    variables: Record<string, unknown>,
  ) {
    const task = await this.lockedBy(id, workerId, 'bpmnError');
    try {
      await this.runtime.externalCommand(
        caller,
        task.instance_id,
        { kind: 'externalError', executionId: task.execution_id, errorCode: error.code, message: error.message },
        variables,
        this.stillLocked(id, workerId),
      );
    } catch (failure) {
      // The engine stopped on the uncaught error (the runtime kept an incident, 422): it becomes the task's own
      // incident, retried as Camunda's are, by setting the task's retries again.
      const uncaught = failure instanceof AppError && (failure.status >= 500 || failure.messageKey === 'error.bpmIncident');
      if (!uncaught) throw failure;
      await this.fail(caller, task, workerId, {
        message: `BPMN error ${error.code} is not caught by any boundary event of ${task.activity_id}: ${error.message}`,
        details: null,
        retries: 0,
        retryTimeout: 0,
      });
    }
  }

  async failure(
    caller: Caller,
    id: string,
    workerId: string,
    report: { message: string; details: string | null; retries: number; retryTimeout: number },
  ): Promise<void> {
    const task = await this.lockedBy(id, workerId, 'failure');
    await this.fail(caller, task, workerId, report);
  }

  /**
   * Records the failure, counted by the worker's `retries`: with retries left the task is fetchable again
   * after retryTimeout; with none, an incident stands on the instance at the task until retries are set again.
   */
  private async fail(
    caller: Caller,
    task: repo.ExternalTaskView,
    workerId: string,
    report: { message: string; details: string | null; retries: number; retryTimeout: number },
  ): Promise<void> {
    const now = this.context.now();
    await audited(
      this.context,
      caller,
      { operation: 'externalTask:failure', target: `bpm-external-task:${task.id}` },
      async (trx, entry) => {
        const changed = await repo.updateLocked(trx, task.id, workerId, now, {
          retries: report.retries,
          error_message: report.message.slice(0, 1000),
          error_details: report.details,
          lock_expires_at: report.retries > 0 && report.retryTimeout > 0 ? now + report.retryTimeout : null,
        });
        if (!changed) throw notFound(task.id);
        if (report.retries === 0) {
          await raiseIncident(trx, {
            instanceId: task.instance_id,
            elementId: task.activity_id,
            elementType: 'bpmn:ServiceTask',
            kind: 'externalTask',
            message: report.message || `external task ${task.id} failed`,
            executionId: task.execution_id,
            at: now,
          });
        }
        entry.after = { retries: report.retries, errorMessage: report.message };
      },
    );
  }

  async extendLock(id: string, workerId: string, newDuration: number): Promise<void> {
    await this.lockedBy(id, workerId, 'extendLock');
    const now = this.context.now();
    if (!(await repo.updateLocked(this.context.db, id, workerId, now, { lock_expires_at: now + newDuration }))) throw notFound(id);
  }

  /** Camunda's lock of one task by id: free, expired, or already this worker's. */
  async lock(id: string, workerId: string, lockDuration: number): Promise<void> {
    const task = await repo.findExternalTask(this.context.db, id);
    if (!task) throw notFound(id);
    const now = this.context.now();
    if (task.worker_id === workerId && task.lock_expires_at !== null && task.lock_expires_at > now) {
      await repo.updateLocked(this.context.db, id, workerId, now, { lock_expires_at: now + lockDuration });
      return;
    }
    if (!(await repo.lockExternalTask(this.context.db, id, workerId, now + lockDuration, now))) {
      throw new CamundaError(400, 'InvalidRequestException', 'error.externalTaskLockedByOther', { id, lockedBy: String(task.worker_id) });
    }
  }

  /**
   * Camunda's way out of an external task's incident: retries set above 0 make the task fetchable again and
   * resolve the incident that stood at it; 0 raises one, as a last failure does.
   */
  async setRetries(caller: Caller, id: string, retries: number): Promise<void> {
    const task = await this.find(id);
    const now = this.context.now();
    await audited(this.context, caller, { operation: 'externalTask:retries', target: `bpm-external-task:${id}` }, async (trx, entry) => {
      await repo.setRetries(trx, id, retries);
      const open = (await instanceIncidents(trx, task.instance_id)).filter(
        (incident) => incident.state === 'open' && incident.elementId === task.activity_id,
      );
      if (retries > 0) {
        for (const incident of open) await resolveIncident(trx, incident.id, { userName: caller.userName, at: now });
      } else if (open.length === 0) {
        await raiseIncident(trx, {
          instanceId: task.instance_id,
          elementId: task.activity_id,
          elementType: 'bpmn:ServiceTask',
          kind: 'externalTask',
          message: task.error_message ?? `external task ${id} has no retries left`,
          executionId: task.execution_id,
          at: now,
        });
      }
      entry.before = { retries: task.retries };
      entry.after = { retries };
    });
  }

  async unlock(id: string): Promise<void> {
    if (!(await repo.findExternalTask(this.context.db, id))) throw notFound(id);
    await repo.unlockExternalTask(this.context.db, id);
  }

  async find(id: string): Promise<repo.ExternalTaskView> {
    const task = await repo.findExternalTask(this.context.db, id);
    if (!task) throw notFound(id);
    return task;
  }

  list(query: repo.ExternalTaskQuery): Promise<repo.ExternalTaskView[]> {
    return repo.queryExternalTasks(this.context.db, query, this.context.now());
  }
}
