import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../http/errors.ts';
import { type ActivityEvent, callActivitiesOf, type EngineCommand, errorEndsOf } from './engineRunner.ts';
import { type CallActivity, type CallWait, mapVariables } from './eventCatalog.ts';
import * as modelRepo from './modelRepo.ts';
import * as repo from './runtimeRepo.ts';
import type { RuntimeService } from './runtimeService.ts';

/** Calls nested deeper than this are a model that calls itself: an incident, not an endless chain of instances. */
const maxCallDepth = 10;

/**
 * Call activities across definitions, as Camunda runs them: the called process (newest version, the one
 * released with the caller, or a version) starts as its own instance linked to the caller, takes the
 * caller's variables by camunda:in, and when it ends, its variables by camunda:out complete the call.
 */
export class CallActivities {
  constructor(private readonly runtime: RuntimeService) {}

  /** Starts the called instance of every call activity that waits without one. */
  async startCalled(caller: Caller | null, parent: repo.InstanceRow, waits: CallWait[]): Promise<void> {
    const db = this.runtime.db;
    const definition = await this.runtime.runnable(parent.definition_id);
    const calls = await callActivitiesOf(definition);
    const started = new Set((await repo.childInstances(db, parent.id)).map((child) => child.parentExecutionId));
    for (const wait of waits) {
      const call = calls.get(wait.activityId);
      if (!call || started.has(wait.executionId)) continue;
      const element = { id: wait.activityId, type: 'bpmn:CallActivity', executionId: wait.executionId };
      const callee = await this.callee(parent, call);
      if (!callee) {
        const which = call.binding === 'version' ? ` version ${call.version ?? '?'}` : call.binding === 'deployment' ? ' (deployment)' : '';
        await this.runtime.raiseAt(parent.id, element, `no released process '${call.calledElement}'${which} to call`);
        continue;
      }
      if ((await this.depth(parent)) >= maxCallDepth) {
        await this.runtime.raiseAt(parent.id, element, `calls nested more than ${maxCallDepth} deep`);
        continue;
      }
      const variables = mapVariables(call.ins, JSON.parse(parent.variables) as Record<string, unknown>);
      try {
        await this.runtime.startInstance(caller, {
          definition: callee,
          variables,
          businessKey: call.ins.businessKey ? parent.business_key : '',
          command: { kind: 'resume' },
          operation: 'task:start',
          parent: { instanceId: parent.id, executionId: wait.executionId },
        });
      } catch (error) {
        // Another process started it meanwhile (a start-up's recovery beside the caller's own step): one is enough.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * Starts the called instances a crash lost: the caller's step committed, the process died before the called
   * start did. Each is started as the caller's step would have; the unique call link keeps a start that
   * another process makes meanwhile from doubling it. Pages through every waiting call entered before the time.
   */
  async startPending(enteredBefore: number, pageSize = 50): Promise<void> {
    let afterId = 0;
    for (;;) {
      const page = await repo.pendingCalls(this.runtime.db, { enteredBefore, afterId, limit: pageSize });
      const byInstance = new Map<number, repo.PendingCall[]>();
      for (const call of page) byInstance.set(call.instanceId, [...(byInstance.get(call.instanceId) ?? []), call]);
      for (const [instanceId, calls] of byInstance) {
        const parent = await repo.findInstance(this.runtime.db, instanceId);
        if (parent?.state === 'running') await this.startCalled(null, parent, calls);
      }
      if (page.length < pageSize) return;
      afterId = page.at(-1)?.id ?? afterId;
    }
  }

  /**
   * A called instance ended: its caller's call activity completes with the variables camunda:out names, or,
   * when it ended at an error end event, throws that BPMN error for the call activity's boundary to catch (an
   * incident on the caller when none does).
   */
  async returnToCaller(caller: Caller | null, child: repo.InstanceRow, events: ActivityEvent[]): Promise<void> {
    if (child.parent_instance_id === null || child.parent_execution_id === null) return;
    const db = this.runtime.db;
    const parent = await repo.findInstance(db, child.parent_instance_id);
    if (parent?.state !== 'running') return;
    const activity = (await repo.activeActivities(db, parent.id)).find((row) => row.execution_id === child.parent_execution_id);
    if (!activity) return;
    const calls = await callActivitiesOf(await this.runtime.runnable(parent.definition_id));
    const call = calls.get(activity.activity_id);
    const errorEnds = await errorEndsOf(await this.runtime.runnable(child.definition_id));
    const errorEnd = events.map((event) => (event.kind === 'end' ? errorEnds.get(event.activityId) : undefined)).find(Boolean);
    const executionId = child.parent_execution_id;
    const command: EngineCommand = errorEnd
      ? { kind: 'callError', executionId, code: errorEnd.code, message: errorEnd.name || errorEnd.code }
      : { kind: 'message', executionId };
    const outs = call && !errorEnd ? mapVariables(call.outs, JSON.parse(child.variables) as Record<string, unknown>) : {};
    try {
      await this.runtime.eventCommand(caller, 'task:complete', parent.id, command, outs);
    } catch (error) {
      // The caller ran into a model error after the call: the incident is kept on it, the child has ended anyway.
      if (!(error instanceof AppError && error.messageKey === 'error.bpmIncident')) throw error;
    }
  }

  private async callee(parent: repo.InstanceRow, call: CallActivity) {
    const db = this.runtime.db;
    if (call.binding === 'latest') {
      const latest = await modelRepo.latestDefinition(db, call.calledElement);
      return latest && latest.suspended === 0 ? latest : undefined;
    }
    if (call.binding === 'version') {
      if (call.version === null) return undefined;
      return db
        .selectFrom('bpm_definition')
        .selectAll()
        .where('def_key', '=', call.calledElement)
        .where('version', '=', call.version)
        .executeTakeFirst();
    }
    // Released with the caller: the same model's release, at the same moment.
    const own = await modelRepo.findDefinition(db, parent.definition_id);
    if (!own) return undefined;
    return db
      .selectFrom('bpm_definition')
      .selectAll()
      .where('def_key', '=', call.calledElement)
      .where('model_id', '=', own.model_id)
      .where('deployed_at', '=', own.deployed_at)
      .executeTakeFirst();
  }

  private async depth(instance: repo.InstanceRow): Promise<number> {
    let depth = 0;
    let current: repo.InstanceRow | undefined = instance;
    while (current?.parent_instance_id != null && depth < maxCallDepth) {
      current = await repo.findInstance(this.runtime.db, current.parent_instance_id);
      depth += 1;
    }
    return depth;
  }
}
