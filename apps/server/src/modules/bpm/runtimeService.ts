import type {
  BpmInstanceDetail,
  BpmInstanceDiagram,
  BpmLookupOption,
  BpmTaskDetail,
  BpmVariables,
  CompleteTaskInput,
  InstanceAction,
  InstanceState,
  StartInstanceInput,
  TaskOutcome,
} from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { isConnectionFault } from '../../db/connectionFault.ts';
import { inOneSnapshot } from '../../db/oneSnapshot.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { readOutbound } from '../alarms/alarmDelivery.ts';
import { type AuditEntry, audited } from '../audit/audited.ts';
import { acceptValues } from '../forms/acceptValues.ts';
import type { FormService } from '../forms/formService.ts';
import { sanitizedValues } from '../forms/referenceChecks.ts';
import { accountByUserName, organPathOf, pickUserNames, roleCodesOf } from '../iam/directoryLookup.ts';
import {
  mayHandWorkTo,
  Operation,
  requireTaskActor,
  requireTaskHandOver,
  requireTaskHolder,
  requireTaskReader,
  requireTaskRecaller,
  seesUnownedTasks,
  type TaskStanding,
} from '../iam/policy.ts';
import { postJson } from '../outbound/postJson.ts';
import { CallActivities } from './callActivities.ts';
import * as configRepo from './configRepo.ts';
import { dueAt } from './dueDate.ts';
import {
  type EngineCommand,
  EngineFailure,
  LiveEngines,
  ModelFailure,
  type RunnableDefinition,
  type RunOutcome,
  runEngine,
} from './engineRunner.ts';
import { setRetriesAt, syncExternalTasks } from './externalTasks/externalTaskRepo.ts';
import { findIncident, instanceIncidents, raiseIncident, resolveIncident, resolveIncidentsAt } from './incidents.ts';
import { activityTransition, instanceTransition, taskCommandRefusal } from './instanceTransitions.ts';
import * as modelRepo from './modelRepo.ts';
import { buttonsByCode } from './pluginRepo.ts';
import * as repo from './runtimeRepo.ts';
import { hasExpression, pathIn, resolveTemplate } from './safeExpression.ts';
import { replaceSubscriptions } from './subscriptionRepo.ts';
import { acceptStart, acceptTaskValues, generatedTaskForm } from './taskForms.ts';

/** How a command closes tasks: the one it acts on, and what every other task the engine left says. */
interface Closing {
  taskId?: number;
  outcome: TaskOutcome;
  others: TaskOutcome;
  actor: string;
  button?: string | null;
  /** Discarded activities: interrupted by an administrator, or skipped by the engine. */
  discarded: 'interrupted' | 'terminated';
}

type Row = repo.InstanceRow;

/** A released definition as the runtime keeps it: the model, and the name and version its instances are shown with. */
interface KnownDefinition extends RunnableDefinition {
  name: string;
  version: number;
}

/** What an incident keeps to run the failed command again: the command, its variables, how it closes tasks. */
interface FailedCommand {
  engine: EngineCommand;
  variables: Record<string, unknown>;
  closing: Closing;
  /** The instance never ran: a retry starts it. */
  start?: boolean;
}

/** How an instance comes to be: its definition, variables, and who or what started it. */
interface NewInstance {
  definition: modelRepo.DefinitionHead;
  variables: Record<string, unknown>;
  businessKey: string;
  /** The engine's first command: `resume` runs from the none start event, `message` from a message start. */
  command: EngineCommand;
  operation: string;
  parent?: { instanceId: number; executionId: string };
}

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [];

/** What a command does besides running the engine and saving its outcome. */
interface CommandOptions {
  /** Runs first in the command's transaction: a check or a write of its own (a comment). */
  first?: (trx: Kysely<Database>) => Promise<void>;
  /** Variables set in the engine before the command runs. */
  engineVariables?: Record<string, unknown>;
  /**
   * The task acted on is taken by the command's actor: the command answers 409 when a claim landed while
   * it ran (a claim must not be overtaken), or another command closed the task meanwhile.
   */
  held?: boolean;
}

/** An HTTP listener's call, made after the change is committed. */
interface Delivery {
  listenerId: number;
  url: string;
  instanceId: number;
  activityId: string;
  event: string;
  payload: unknown;
}

/**
 * Runs instances: every command loads the instance, lets the engine apply it (see runEngine), and saves
 * the new state with its tasks, history and timers in one audited transaction that only succeeds while
 * the instance is still at the version it read: of two commands at once, the second gets 409.
 */
export class RuntimeService {
  private readonly definitions = new Map<number, KnownDefinition>();
  private readonly liveEngines = new LiveEngines();
  private readonly calls = new CallActivities(this);

  constructor(
    private readonly context: AppContext,
    private readonly forms: FormService,
  ) {}

  /**
   * A command's one transaction with its operation-log row. Asked from inside a transaction (the demo
   * seeding of a first start), the command joins that one and logs nothing: no one asked for it.
   */
  private change<T>(
    caller: Caller | null,
    change: { operation: string; target: string },
    work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>,
  ) {
    if (this.context.db.isTransaction) return work(this.context.db, {});
    // The system's own commands (a timer, a called instance ending) have no caller to log.
    if (!caller) return this.context.db.transaction().execute((trx) => work(trx, {}));
    return audited(this.context, caller, change, work);
  }

  // ---------------------------------------------------------------- reading

  async requireInstance(id: number, db: Kysely<Database> = this.context.db): Promise<Row> {
    const row = await repo.findInstance(db, id);
    if (!row) throw notFound();
    return row;
  }

  /** Read in one snapshot: a command committing meanwhile shows wholly (its tasks with its variables) or not at all. */
  async detail(id: number): Promise<BpmInstanceDetail> {
    return inOneSnapshot(this.context.db, async (db) => {
      const row = await this.requireInstance(id, db);
      const summary = await repo.instanceSummary(db, id);
      if (!summary) throw notFound();
      return {
        ...summary,
        parentInstanceId: row.parent_instance_id,
        children: await repo.childInstances(db, id),
        incidents: await instanceIncidents(db, id),
        variables: JSON.parse(row.variables) as BpmVariables,
        activities: await repo.listActivities(db, id, row.state as InstanceState),
        tasks: await repo.instanceTasks(db, id),
        comments: await repo.listComments(db, id),
      };
    });
  }

  async diagram(id: number): Promise<BpmInstanceDiagram> {
    const row = await this.requireInstance(id);
    const definition = await modelRepo.findDefinition(this.context.db, row.definition_id);
    if (!definition) throw notFound();
    const activities = await repo.listActivities(this.context.db, id, row.state as InstanceState);
    const active = [...new Set(activities.filter((a) => a.state === 'active').map((a) => a.activityId))];
    const completed = [...new Set(activities.filter((a) => a.state === 'completed').map((a) => a.activityId))];
    return { bpmn20Xml: definition.xml, active, completed };
  }

  /** The diagram of a task's instance, for whoever may read the task; to anyone else the task does not exist. */
  async taskDiagram(caller: Caller, id: number): Promise<BpmInstanceDiagram> {
    const task = await this.requireTaskReader(caller, id, true);
    const diagram = await this.diagram(task.instance_id);
    // Task readers see the drawing, not the configuration behind it (service URLs, properties).
    return { ...diagram, bpmn20Xml: withoutExtensions(diagram.bpmn20Xml) };
  }

  /** Accounts a task may be re-assigned to: by user name, within the caller's data scope for re-assigning. */
  async assignableAccounts(caller: Caller, text: string, limit: number): Promise<BpmLookupOption[]> {
    const options = await pickUserNames(this.context.db, await caller.scope(), text, limit);
    return options.map((option) => ({ value: String(option.value), label: option.label }));
  }

  /**
   * The task with its instance's variables, tasks and comments read in one snapshot (see detail): a
   * completion committing meanwhile shows wholly or not at all. The definition and form read after are
   * versions, which never change.
   */
  async taskDetail(caller: Caller, id: number): Promise<BpmTaskDetail> {
    await this.requireTaskReader(caller, id, true);
    const { task, instance, tasks, comments } = await inOneSnapshot(this.context.db, async (db) => {
      const task = await repo.taskSummary(db, id);
      if (!task) throw notFound();
      return {
        task,
        instance: await this.requireInstance(task.instanceId, db),
        tasks: await repo.instanceTasks(db, task.instanceId),
        comments: await repo.listComments(db, task.instanceId),
      };
    });
    const definition = await this.runnable(instance.definition_id);
    const info = definition.info.userTasks.find((userTask) => userTask.activityId === task.activityId);
    const form = task.formId && task.formVersion ? await this.formVersion(task.formId, task.formVersion) : null;
    const passed = new Map(
      tasks
        .filter((other) => other.status === 'closed' && other.outcome === 'completed' && other.activityId !== task.activityId)
        .map((other) => [other.activityId, other.name]),
    );
    const variables = JSON.parse(instance.variables) as BpmVariables;
    return {
      ...task,
      // Variables given when the instance started never passed the form's checks: what the task's form
      // shows as rich text is sanitised here, as a submission is before it is kept.
      variables: form ? sanitizedValues(form.field, variables) : variables,
      form: form?.field ?? null,
      buttons: await buttonsByCode(this.context.db, info?.buttons ?? []),
      comments,
      returnTargets: [...passed].map(([activityId, name]) => ({ activityId, name })),
    };
  }

  /** The task row, for whoever the policy lets read it; `hidden`: to others it does not exist. */
  private async requireTaskReader(caller: Caller, id: number, hidden = false) {
    const row = await repo.findTaskRow(this.context.db, id);
    if (!row) throw notFound();
    await requireTaskReader(caller, this.standing(caller, row), hidden);
    return row;
  }

  /** A task as the policy's task rules see it: the look-ups run only if a rule asks. */
  private standing(
    caller: Caller,
    row: { id: number; status: string; assignee: string | null; completed_by: string | null },
  ): TaskStanding {
    return {
      open: row.status === 'open',
      assignee: row.assignee,
      completedBy: row.completed_by,
      callerIsCandidate: async () =>
        repo.isCandidate(this.context.db, row.id, caller.userName, await roleCodesOf(this.context.db, caller.accountId)),
      hasCandidates: () => repo.hasCandidates(this.context.db, row.id),
    };
  }

  async todo(caller: Caller, query: Parameters<typeof repo.pageTodo>[3]) {
    const roles = await roleCodesOf(this.context.db, caller.accountId);
    return repo.pageTodo(this.context.db, caller.userName, roles, query, await seesUnownedTasks(caller));
  }

  done(caller: Caller, query: Parameters<typeof repo.pageDone>[2]) {
    return repo.pageDone(this.context.db, caller.userName, query);
  }

  /** Newest versions the caller may start: not suspended, and the caller among the participants when it has any. */
  async startable(caller: Caller) {
    const all = await modelRepo.latestDefinitions(this.context.db);
    const allowed = [];
    for (const row of all) if (await this.mayStart(caller, row.def_key)) allowed.push(modelRepo.toDefinition(row));
    return allowed;
  }

  /** Whether the caller is among the definition's participants, when it has any (the start form's read asks too). */
  async mayStart(caller: Caller, key: string): Promise<boolean> {
    if (caller.isSuper) return true;
    const roles = await roleCodesOf(this.context.db, caller.accountId);
    const organs = await organPathOf(this.context.db, caller.accountId);
    const { restricted, matches } = await configRepo.participation(this.context.db, key, caller.userName, roles, organs);
    return !restricted || matches;
  }

  // ---------------------------------------------------------------- starting

  async start(caller: Caller, input: StartInstanceInput) {
    const row = await modelRepo.latestDefinitionHead(this.context.db, input.definitionKey);
    if (!row) throw new AppError(404, 'error.bpmNoDefinition', { key: input.definitionKey });
    if (row.suspended === 1) throw new AppError(409, 'error.bpmDefinitionSuspended');
    if (!(await this.mayStart(caller, row.def_key))) throw forbidden('error.bpmNotParticipant');
    const started = await acceptStart(this.context.db, this.forms, caller, (await this.runnable(row.id)).info, input);
    const variables = { ...started.variables, initiator: caller.userName };
    return this.startInstance(caller, {
      definition: row,
      variables,
      businessKey: started.businessKey,
      command: { kind: 'resume' },
      operation: 'task:start',
    });
  }

  /**
   * Starts an instance and runs it to its first waits. A model error on the way does not refuse the start:
   * the instance is kept, not yet run, with an incident at the element that failed (answered with it), and a
   * retry runs the start again.
   */
  async startInstance(caller: Caller | null, start: NewInstance) {
    // The system (a timer start event) starts without a caller: no operation log, `system` as the starter.
    const actor = caller?.userName ?? 'system';
    const { definition: row, variables, businessKey } = start;
    // The cached one: what is read from a definition once (its traits, its parsed model) is read once per process.
    const definition = await this.runnable(row.id);
    let outcome: RunOutcome | undefined;
    let failure: ModelFailure | undefined;
    try {
      outcome = await this.run(definition, { variables }, start.command, businessKey);
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      failure = error;
    }
    const now = this.context.now();
    const { saved, deliveries } = await this.change(
      caller,
      { operation: start.operation, target: `bpm:${row.def_key}` },
      async (trx, entry) => {
        const instance: Omit<Row, 'id'> = {
          definition_id: row.id,
          def_key: row.def_key,
          business_key: businessKey,
          state: outcome?.ended ? 'completed' : 'running',
          engine_state: outcome?.engineState ?? '',
          variables: JSON.stringify(variables),
          version: 0,
          started_by: actor,
          started_at: now,
          ended_at: outcome?.ended ? now : null,
          parent_instance_id: start.parent?.instanceId ?? null,
          parent_execution_id: start.parent?.executionId ?? null,
        };
        const id = await repo.insertInstance(trx, instance);
        const closing: Closing = { outcome: 'completed', others: 'skipped', actor, discarded: 'terminated' };
        entry.after = { id, definitionKey: row.def_key, version: row.version };
        if (!outcome) {
          const failed: FailedCommand = { engine: start.command, variables: {}, closing, start: true };
          await this.raise(trx, id, failure as ModelFailure, failed);
          return { saved: { ...instance, id }, deliveries: [] };
        }
        const deliveries = await this.record(trx, { ...instance, id }, definition, outcome, variables, closing, true);
        return { saved: { ...instance, id }, deliveries };
      },
    );
    const { id } = saved;
    outcome?.keep(id);
    this.deliver(deliveries);
    const movedOn = outcome ? await this.followUp(caller, id, outcome, start.parent?.instanceId ?? null) : false;
    const summary = movedOn ? await repo.instanceSummary(this.context.db, id) : summaryOf(saved, definition);
    return { ...(summary as NonNullable<typeof summary>), incident: failure ? incidentOf(failure) : null };
  }

  // ---------------------------------------------------------------- incidents

  /** Keeps an incident at an element that failed outside the engine (a call activity whose process is missing); a retry resumes. */
  async raiseAt(instanceId: number, element: { id: string; type: string; executionId: string }, message: string) {
    const failure = new ModelFailure(message, element, 'callActivity');
    const closing: Closing = { outcome: 'completed', others: 'skipped', actor: 'system', discarded: 'terminated' };
    await this.change(null, { operation: '', target: '' }, (trx) =>
      this.raise(trx, instanceId, failure, { engine: { kind: 'resume' }, variables: {}, closing }),
    );
  }

  get db() {
    return this.context.db;
  }

  private raise(trx: Kysely<Database>, instanceId: number, failure: ModelFailure, command: FailedCommand | null) {
    return raiseIncident(trx, {
      instanceId,
      elementId: failure.element.id,
      elementType: failure.element.type,
      executionId: failure.element.executionId,
      kind: failure.kind,
      message: failure.message,
      command: command ?? undefined,
      at: this.context.now(),
    });
  }

  /** Keeps the failed command's incident (the instance stays where it was) and answers what failed, where. */
  private async incidentRefusal(instanceId: number, failure: ModelFailure, command: FailedCommand): Promise<AppError> {
    // Its own transaction (or the demo seeding's): the failed command's changes are not kept, the incident is.
    await this.change(null, { operation: '', target: '' }, (trx) => this.raise(trx, instanceId, failure, command));
    return new AppError(422, 'error.bpmIncident', incidentOf(failure));
  }

  /**
   * Runs an incident's failed command again, with the instance's variables and `variables` set first (the
   * correction); success resolves it, another failure counts the attempt on the same incident (422).
   */
  async retryIncident(caller: Caller, id: number, variables: Record<string, unknown>) {
    const incident = await findIncident(this.context.db, id);
    if (!incident) throw notFound();
    if (incident.state !== 'open') throw new AppError(409, 'error.bpmIncidentResolved');
    await this.refuseShownIncident(incident);
    if (!incident.command) throw new AppError(409, 'error.bpmIncidentNotRetryable');
    const instance = await this.requireInstance(incident.instance_id);
    const refusal = taskCommandRefusal(instance.state as InstanceState);
    if (refusal) throw new AppError(409, refusal);
    const stored = JSON.parse(incident.command) as FailedCommand;
    // A task's output is set last (it wins over the instance's variables): the correction goes into it.
    const failed: FailedCommand =
      stored.engine.kind === 'signal'
        ? { ...stored, engine: { ...stored.engine, output: { ...stored.engine.output, ...variables } } }
        : stored;
    const definition = await this.runnable(instance.definition_id);
    const merged = { ...(JSON.parse(instance.variables) as Record<string, unknown>), ...variables };
    const commandVariables = { ...failed.variables, ...variables };
    let outcome: RunOutcome;
    try {
      outcome = failed.start
        ? await this.run(definition, { variables: merged }, failed.engine, instance.business_key)
        : await this.run(
            definition,
            { engineState: instance.engine_state, instanceId: instance.id },
            failed.engine,
            instance.business_key,
            variables,
          );
    } catch (error) {
      if (error instanceof ModelFailure) throw await this.incidentRefusal(instance.id, error, { ...failed, variables: commandVariables });
      throw error;
    }
    const deliveries = await this.change(caller, { operation: 'instance:incident', target: `bpm-incident:${id}` }, async (trx, entry) => {
      if (!(await resolveIncident(trx, id, { userName: caller.userName, at: this.context.now() }))) {
        throw new AppError(409, 'error.bpmIncidentResolved');
      }
      entry.after = { incident: id, retried: true };
      if (!failed.start) return (await this.save(trx, instance, definition, outcome, commandVariables, failed.closing)).deliveries;
      const saved = await repo.saveInstance(trx, instance.id, instance.version, {
        engine_state: outcome.engineState,
        variables: JSON.stringify(merged),
        ...(outcome.ended ? { state: 'completed', ended_at: this.context.now() } : {}),
      });
      if (!saved) throw new AppError(409, 'error.bpmVersionConflict');
      return this.record(trx, { ...instance, variables: JSON.stringify(merged) }, definition, outcome, merged, failed.closing, true);
    });
    outcome.keep(instance.id);
    this.deliver(deliveries);
    await this.followUp(caller, instance.id, outcome, instance.parent_instance_id);
    return this.detail(instance.id);
  }

  /**
   * Resolves an incident without running its command: the instance stays where it was before the failure
   * (a failed task completion leaves the task open). An instance that never ran has nowhere to stay: it ends
   * as terminated.
   */
  async resolveIncident(caller: Caller, id: number) {
    const incident = await findIncident(this.context.db, id);
    if (!incident) throw notFound();
    if (incident.state === 'open') await this.refuseShownIncident(incident);
    await this.change(caller, { operation: 'instance:incident', target: `bpm-incident:${id}` }, async (trx, entry) => {
      if (!(await resolveIncident(trx, id, { userName: caller.userName, at: this.context.now() }))) {
        throw new AppError(409, 'error.bpmIncidentResolved');
      }
      // As Camunda's: an external task's incident ends when its task gets a retry, so a worker fetches it again.
      if (incident.kind === 'externalTask') await setRetriesAt(trx, incident.instance_id, incident.element_id, 1);
      const instance = await this.requireInstance(incident.instance_id, trx);
      if (instance.engine_state === '' && (instance.state === 'running' || instance.state === 'suspended')) {
        await repo.saveInstance(trx, instance.id, instance.version, { state: 'terminated', ended_at: this.context.now() });
      }
      entry.after = { incident: id, resolved: true };
    });
    return this.detail(incident.instance_id);
  }

  /** A caller's incident that shows a called instance's is retried or resolved there, as in Camunda, never on its own. */
  private async refuseShownIncident(incident: { cause_incident_id: number | null }): Promise<void> {
    if (incident.cause_incident_id === null) return;
    const cause = await findIncident(this.context.db, incident.cause_incident_id);
    throw new AppError(409, 'error.bpmIncidentOfCalled', { instance: String(cause?.instance_id ?? '?') });
  }

  /**
   * A command of the event API (messages, signals) on a running instance, with the variables it sets; a
   * model error is kept as an incident and answered 422 naming it.
   */
  async eventCommand(
    caller: Caller | null,
    operation: string,
    instanceId: number,
    command: EngineCommand,
    variables: Record<string, unknown>,
  ) {
    const instance = await this.requireInstance(instanceId);
    const refusal = taskCommandRefusal(instance.state as InstanceState);
    if (refusal) throw new AppError(409, refusal);
    const definition = await this.runnable(instance.definition_id);
    const closing: Closing = { outcome: 'completed', others: 'skipped', actor: caller?.userName ?? 'system', discarded: 'terminated' };
    return this.engineCommand(caller, operation, instance, definition, command, variables, closing, { engineVariables: variables });
  }

  // ---------------------------------------------------------------- task commands

  /** The open task, its instance running, and the caller its assignee or (unassigned) a candidate. */
  private async actionableTask(caller: Caller, id: number) {
    const task = await repo.findTaskRow(this.context.db, id);
    if (!task) throw notFound();
    if (task.status !== 'open') throw new AppError(409, 'error.bpmTaskClosed');
    const instance = await this.requireInstance(task.instance_id);
    const refusal = taskCommandRefusal(instance.state as InstanceState);
    if (refusal) throw new AppError(409, refusal);
    await requireTaskActor(caller, this.standing(caller, task));
    return { task, instance };
  }

  async claim(caller: Caller, id: number) {
    const { task } = await this.actionableTask(caller, id);
    if (task.assignee === caller.userName) return repo.taskSummary(this.context.db, id);
    return this.reassign(caller, id, 'task:claim', null, caller.userName);
  }

  async unclaim(caller: Caller, id: number) {
    const task = await repo.findTaskRow(this.context.db, id);
    if (!task) throw notFound();
    if (task.status !== 'open') throw new AppError(409, 'error.bpmTaskClosed');
    if (task.assignee === null) throw new AppError(409, 'error.bpmTaskNotClaimed');
    requireTaskHolder(caller, this.standing(caller, task));
    await this.requireCommandable(task.instance_id);
    return this.reassign(caller, id, 'task:unclaim', task.assignee, null);
  }

  /** Re-assign: the assignee (or an administrator) hands the task to another account. */
  async assign(caller: Caller, id: number, userName: string) {
    const task = await repo.findTaskRow(this.context.db, id);
    if (!task) throw notFound();
    if (task.status !== 'open') throw new AppError(409, 'error.bpmTaskClosed');
    await requireTaskHandOver(caller, this.standing(caller, task));
    await this.requireCommandable(task.instance_id);
    if (!(await mayHandWorkTo(caller, this.context.db, userName))) {
      throw new AppError(422, 'error.bpmUnknownAccount', { element: task.task_name, name: userName });
    }
    return this.reassign(caller, id, 'task:assignee', task.assignee, userName);
  }

  /**
   * Monitoring re-assigns any open task of an instance (or gives it back to its candidates with no user name):
   * the task administrator's way out for a task whose holder is away.
   */
  async adminAssign(caller: Caller, instanceId: number, taskId: number, userName: string | null) {
    const task = await repo.findTaskRow(this.context.db, taskId);
    if (!task || task.instance_id !== instanceId) throw notFound();
    if (task.status !== 'open') throw new AppError(409, 'error.bpmTaskClosed');
    await this.requireCommandable(instanceId);
    if (userName !== null && !(await mayHandWorkTo(caller, this.context.db, userName))) {
      throw new AppError(422, 'error.bpmUnknownAccount', { element: task.task_name, name: userName });
    }
    return this.reassign(caller, taskId, Operation.taskAdmin, task.assignee, userName);
  }

  /** Task commands are refused while the instance is suspended or over, whoever asks. */
  private async requireCommandable(instanceId: number): Promise<void> {
    const instance = await this.requireInstance(instanceId);
    const refusal = taskCommandRefusal(instance.state as InstanceState);
    if (refusal) throw new AppError(409, refusal);
  }

  private async reassign(caller: Caller, id: number, operation: string, expected: string | null, assignee: string | null) {
    const deliveries = await this.change(caller, { operation, target: `bpm-task:${id}` }, async (trx, entry) => {
      entry.before = { assignee: expected };
      const claimedAt = assignee === null ? null : this.context.now();
      if (!(await repo.setAssignee(trx, id, expected, assignee, claimedAt))) throw new AppError(409, 'error.bpmVersionConflict');
      entry.after = { assignee };
      const task = await repo.findTaskRow(trx, id);
      const instance = await this.requireInstance(task?.instance_id ?? 0, trx);
      return this.listen(trx, instance, [
        { scope: 'task', event: 'assignment', activityId: task?.activity_id ?? '', payload: { taskId: id, assignee } },
      ]);
    });
    this.deliver(deliveries);
    return repo.taskSummary(this.context.db, id);
  }

  /**
   * Completes the task: a plugin button's variables, the form's values (checked as the forms module
   * checks a submission, against the version the task was created with) and the variables become
   * process variables, and the engine moves on.
   */
  async complete(caller: Caller, id: number, input: CompleteTaskInput) {
    const { task, instance } = await this.actionableTask(caller, id);
    const definition = await this.runnable(instance.definition_id);
    const info = definition.info.userTasks.find((userTask) => userTask.activityId === task.activity_id);
    // A task with a form takes only the form's values (checked) and its button's variables.
    const generated = task.form_id ? undefined : generatedTaskForm(definition.info, task.activity_id);
    let variables: Record<string, unknown> = task.form_id || generated ? {} : { ...input.variables };
    if (input.button) {
      const [button] = await buttonsByCode(this.context.db, info?.buttons.includes(input.button) ? [input.button] : []);
      if (button?.action !== 'complete') throw new AppError(400, 'error.bpmButtonNotOffered', { button: input.button });
      variables = { ...variables, ...button.variables };
    }
    if (task.form_id && task.form_version) {
      const version = await this.formVersion(task.form_id, task.form_version);
      variables = { ...variables, ...(await acceptValues(this.context.db, caller, version.field, input.values ?? {})) };
    }
    // A generated form's fields are variables: a client that sends variables only (Camunda's) is checked as one that sends values.
    if (generated) {
      variables = { ...variables, ...(await acceptTaskValues(this.context.db, caller, generated, input.values ?? input.variables)) };
    }
    // Who started the instance is the engine's to say, never a completer's.
    delete variables.initiator;
    return this.engineCommand(
      caller,
      'task:complete',
      instance,
      definition,
      { kind: 'signal', executionId: task.execution_id, output: variables },
      variables,
      {
        taskId: id,
        outcome: 'completed',
        others: 'skipped',
        actor: caller.userName,
        button: input.button ?? null,
        discarded: 'terminated',
      },
      {
        held: true,
        first: input.comment
          ? (trx) => this.addComment(trx, instance.id, task.id, task.task_name, caller.userName, input.comment as string)
          : undefined,
      },
    );
  }

  /**
   * Recall: the previous assignee takes a completed task back while every task it led to is untouched
   * (unclaimed and open); the instance returns to the state saved when the recalled task was created.
   */
  async recall(caller: Caller, id: number) {
    const task = await repo.findTaskRow(this.context.db, id);
    if (!task) throw notFound();
    requireTaskRecaller(caller, { completedBy: task.completed_by, completed: task.outcome === 'completed' });
    const instance = await this.requireInstance(task.instance_id);
    const refusal = taskCommandRefusal(instance.state as InstanceState);
    if (refusal) throw new AppError(409, refusal);
    const open = await repo.openTaskRows(this.context.db, instance.id);
    const next = open.filter((row) => row.previous_task_id === id);
    if (next.length === 0 || next.length !== open.length || next.some((row) => row.claimed_at !== null)) {
      throw new AppError(409, 'error.bpmRecallRefused');
    }
    const definition = await this.runnable(instance.definition_id);
    return this.restore(caller, 'task:recall', instance, definition, await repo.taskSnapshot(this.context.db, id), 'recalled');
  }

  /** Return: the task goes back to an earlier user task of the instance, restoring the state saved when that task was created. */
  async returnTo(caller: Caller, id: number, activityId: string, comment: string) {
    const { task, instance } = await this.actionableTask(caller, id);
    const earlier = (await repo.instanceTasks(this.context.db, instance.id))
      .filter((other) => other.activityId === activityId && other.status === 'closed' && other.outcome === 'completed')
      .at(-1);
    if (!earlier || activityId === task.activity_id) throw new AppError(400, 'error.bpmReturnTarget', { activity: activityId });
    const snapshot = await repo.taskSnapshot(this.context.db, earlier.id);
    const definition = await this.runnable(instance.definition_id);
    return this.restore(caller, 'task:return', instance, definition, snapshot, 'returned', async (trx) => {
      await this.holdTask(trx, task.id, caller.userName);
      if (comment) await this.addComment(trx, instance.id, task.id, task.task_name, caller.userName, comment);
    });
  }

  private restore(
    caller: Caller,
    operation: string,
    instance: Row,
    definition: KnownDefinition,
    snapshot: string,
    outcome: TaskOutcome,
    first?: (trx: Kysely<Database>) => Promise<void>,
  ) {
    return this.engineCommand(
      caller,
      operation,
      { ...instance, engine_state: snapshot },
      definition,
      { kind: 'resume' },
      {},
      { outcome, others: outcome, actor: caller.userName, discarded: 'terminated' },
      { first },
    );
  }

  async comment(caller: Caller, id: number, message: string) {
    const task = await this.requireTaskReader(caller, id);
    await this.change(caller, { operation: 'task:comment', target: `bpm-task:${id}` }, async (trx, entry) => {
      await this.addComment(trx, task.instance_id, id, task.task_name, caller.userName, message);
      entry.after = { message };
    });
    return repo.listComments(this.context.db, task.instance_id);
  }

  private addComment(trx: Kysely<Database>, instanceId: number, taskId: number, activityName: string, userName: string, message: string) {
    return repo.insertComment(trx, {
      instance_id: instanceId,
      task_id: taskId,
      activity_name: activityName,
      user_name: userName,
      message,
      created_at: this.context.now(),
    });
  }

  // ---------------------------------------------------------------- monitoring

  /** Hang up, recover, terminate: the transition table decides; the engine state stays as it was. */
  async transition(caller: Caller, id: number, action: Exclude<InstanceAction, 'delete'>) {
    await this.change(caller, { operation: `instance:${action}`, target: `bpm-instance:${id}` }, async (trx, entry) => {
      const instance = await this.requireInstance(id, trx);
      const step = instanceTransition(instance.state as InstanceState, action);
      if ('refused' in step) throw new AppError(409, step.refused);
      const now = this.context.now();
      const ending = step.to === 'terminated';
      entry.before = { state: instance.state };
      if (!(await repo.saveInstance(trx, id, instance.version, { state: step.to, ...(ending ? { ended_at: now } : {}) }))) {
        throw new AppError(409, 'error.bpmVersionConflict');
      }
      if (ending) {
        const open = await repo.openTaskRows(trx, id);
        await repo.closeTasks(
          trx,
          open.map((row) => row.id),
          { outcome: 'terminated', ended_at: now },
        );
        const active = await repo.activeActivities(trx, id);
        await repo.endActivities(
          trx,
          id,
          active.map((row) => row.execution_id),
          'terminated',
          now,
        );
        await repo.replaceTimers(trx, id, []);
        await replaceSubscriptions(trx, id, []);
        for (const incident of await instanceIncidents(trx, id)) {
          if (incident.state === 'open') await resolveIncident(trx, incident.id, { userName: caller.userName, at: now });
        }
      }
      entry.after = { state: step.to };
    });
    return repo.instanceSummary(this.context.db, id);
  }

  remove(caller: Caller, ids: number[]) {
    return this.change(caller, { operation: 'instance:delete', target: `bpm-instance:${ids.join(',')}` }, async (trx, entry) => {
      for (const id of ids) {
        const instance = await this.requireInstance(id, trx);
        const step = instanceTransition(instance.state as InstanceState, 'delete');
        if ('refused' in step) throw new AppError(409, step.refused);
      }
      const after = { deleted: await repo.deleteInstances(trx, ids) };
      entry.after = after;
      return after;
    });
  }

  /** Interrupts an active activity (by its BPMN id): its path ends there; the instance goes on with what is left. */
  async interrupt(caller: Caller, id: number, activityId: string) {
    const instance = await this.requireInstance(id);
    const activities = await repo.listActivities(this.context.db, id, instance.state as InstanceState);
    const matching = activities.filter((activity) => activity.activityId === activityId);
    if (matching.length === 0) throw notFound();
    const target = matching.find((activity) => activity.state === 'active') ?? (matching.at(-1) as (typeof matching)[number]);
    const step = activityTransition(instance.state as InstanceState, target.state, 'interrupt');
    if ('refused' in step) throw new AppError(409, step.refused);
    const row = (await repo.activeActivities(this.context.db, id)).find((activity) => activity.id === target.id);
    const open = await repo.openTaskRows(this.context.db, id);
    // A countersign's iterations wait as tasks; interrupting the activity discards the first and, with it, the rest.
    const waiting = open.find((task) => task.activity_id === activityId);
    const executionId = waiting?.execution_id ?? row?.execution_id ?? '';
    const definition = await this.runnable(instance.definition_id);
    return this.engineCommand(
      caller,
      'instance:interrupt',
      instance,
      definition,
      { kind: 'discard', executionId },
      {},
      { taskId: waiting?.id, outcome: 'interrupted', others: 'interrupted', actor: caller.userName, discarded: 'interrupted' },
    );
  }

  /** Fires a due timer claimed by this process: the scheduler's command, logged as the system's. */
  async fireTimer(timer: { instance_id: number; execution_id: string }): Promise<void> {
    const instance = await repo.findInstance(this.context.db, timer.instance_id);
    if (instance?.state !== 'running') return;
    const definition = await this.runnable(instance.definition_id);
    const command: EngineCommand = { kind: 'timer', executionId: timer.execution_id };
    let outcome: RunOutcome;
    try {
      outcome = await this.run(definition, { engineState: instance.engine_state, instanceId: instance.id }, command, instance.business_key);
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      // The timer fired into a model error: an incident holds it (its retry fires it again), so it stops firing.
      const closing: Closing = { outcome: 'completed', others: 'skipped', actor: 'system', discarded: 'terminated' };
      await this.context.db.transaction().execute(async (trx) => {
        await this.raise(trx, instance.id, error, { engine: command, variables: {}, closing });
        await repo.deleteTimer(trx, instance.id, timer.execution_id);
      });
      return;
    }
    const { deliveries } = await this.context.db
      .transaction()
      .execute(async (trx) =>
        this.save(
          trx,
          instance,
          definition,
          outcome,
          {},
          { outcome: 'completed', others: 'skipped', actor: 'system', discarded: 'terminated' },
        ),
      );
    outcome.keep(instance.id);
    this.deliver(deliveries);
    await this.followUp(null, instance.id, outcome, instance.parent_instance_id);
  }

  /**
   * Ends an external task's wait with a worker's variables or BPMN error (see externalTasks/), in one
   * transaction with `first`, which checks the worker still holds the task.
   */
  async externalCommand(
    caller: Caller,
    instanceId: number,
    command: Extract<EngineCommand, { kind: 'externalComplete' | 'externalError' }>,
    variables: Record<string, unknown>,
    first: (trx: Kysely<Database>) => Promise<void>,
  ) {
    const instance = await this.requireInstance(instanceId);
    const refusal = taskCommandRefusal(instance.state as InstanceState);
    if (refusal) throw new AppError(409, refusal);
    const definition = await this.runnable(instance.definition_id);
    const closing: Closing = { outcome: 'completed', others: 'skipped', actor: caller.userName, discarded: 'terminated' };
    return this.engineCommand(caller, 'externalTask:complete', instance, definition, command, variables, closing, { first });
  }

  // ---------------------------------------------------------------- the command pipeline

  /** A claim landing while a command on the task ran must not be overtaken: the command then answers 409. */
  private async holdTask(trx: Kysely<Database>, id: number, userName: string): Promise<void> {
    if (!(await repo.holdTask(trx, id, userName))) throw new AppError(409, 'error.bpmTaskTakenMeanwhile');
  }

  private async engineCommand(
    caller: Caller | null,
    operation: string,
    instance: Row,
    definition: KnownDefinition,
    command: EngineCommand,
    variables: Record<string, unknown>,
    closing: Closing,
    options: CommandOptions = {},
  ) {
    const { first, engineVariables = {}, held = false } = options;
    let outcome: RunOutcome;
    try {
      outcome = await this.run(
        definition,
        { engineState: instance.engine_state, instanceId: instance.id },
        command,
        instance.business_key,
        engineVariables,
      );
    } catch (error) {
      if (error instanceof ModelFailure) throw await this.incidentRefusal(instance.id, error, { engine: command, variables, closing });
      throw error;
    }
    const { deliveries, saved } = await this.change(caller, { operation, target: `bpm-instance:${instance.id}` }, async (trx, entry) => {
      await first?.(trx);
      const done = await this.save(trx, instance, definition, outcome, variables, closing, held);
      // The command an incident held went through another way (the task completed again): the incident is over.
      if ('executionId' in command && command.executionId) {
        await resolveIncidentsAt(trx, instance.id, command.executionId, { userName: caller?.userName ?? 'system', at: this.context.now() });
      }
      entry.after = { instanceId: instance.id, taskId: closing.taskId, outcome: closing.outcome };
      return done;
    });
    outcome.keep(instance.id);
    this.deliver(deliveries);
    const movedOn = await this.followUp(caller, instance.id, outcome, instance.parent_instance_id);
    return movedOn ? repo.instanceSummary(this.context.db, instance.id) : summaryOf(saved, definition);
  }

  /**
   * What a committed command leads to beyond its instance: the instances its call activities call are
   * started, and an ended called instance completes its caller's call activity.
   */
  private async followUp(caller: Caller | null, instanceId: number, outcome: RunOutcome, parentId: number | null): Promise<boolean> {
    // Most commands call nothing and end no called instance: they read nothing more.
    if (outcome.calls.length === 0 && (!outcome.ended || parentId === null)) return false;
    const instance = await repo.findInstance(this.context.db, instanceId);
    if (!instance) return true;
    if (outcome.calls.length > 0) await this.calls.startCalled(caller, instance, outcome.calls);
    if (outcome.ended && instance.parent_instance_id !== null) await this.calls.returnToCaller(caller, instance, outcome.events);
    return true;
  }

  /** The optimistic write of a command's outcome, then its rows; answers the instance as saved. */
  private async save(
    trx: Kysely<Database>,
    instance: Row,
    definition: RunnableDefinition,
    outcome: RunOutcome,
    variables: Record<string, unknown>,
    closing: Closing,
    held = false,
  ) {
    const merged = { ...(JSON.parse(instance.variables) as Record<string, unknown>), ...variables };
    const now = this.context.now();
    const changes = {
      engine_state: outcome.engineState,
      variables: JSON.stringify(merged),
      ...(outcome.ended ? { state: 'completed', ended_at: now } : {}),
    };
    if (!(await repo.saveInstance(trx, instance.id, instance.version, changes))) throw new AppError(409, 'error.bpmVersionConflict');
    const saved: Row = { ...instance, ...changes, version: instance.version + 1 };
    return { saved, deliveries: await this.record(trx, saved, definition, outcome, merged, closing, false, held) };
  }

  private async run(
    definition: RunnableDefinition,
    saved: Parameters<typeof runEngine>[1],
    command: EngineCommand,
    businessKey: string,
    variables: Record<string, unknown> = {},
  ) {
    try {
      return await runEngine(
        definition,
        saved,
        command,
        async (activityId, url, variables) => {
          const { policy } = await readOutbound(this.context.db);
          await postJson(policy, url, { activityId, businessKey, variables }, { timeoutMs: 5000, attempts: 1 });
        },
        this.liveEngines,
        variables,
      );
    } catch (error) {
      // A service call's read of the outbound settings met a broken database connection: retryable, not the engine's fault.
      if (error instanceof AppError || error instanceof ModelFailure || isConnectionFault(error)) throw error;
      const reason = error instanceof EngineFailure || error instanceof Error ? error.message.slice(0, 200) : 'unknown';
      throw new AppError(500, 'error.bpmEngineFailed', { reason });
    }
  }

  /**
   * Brings the rows in line with what the engine did: history rows for activities started and ended,
   * tasks closed that no longer wait and created for those that now do, and the timers it waits on.
   */
  private async record(
    trx: Kysely<Database>,
    instance: Row,
    definition: RunnableDefinition,
    outcome: RunOutcome,
    variables: Record<string, unknown>,
    closing: Closing,
    started: boolean,
    held = false,
  ): Promise<Delivery[]> {
    const now = this.context.now();
    const { nodes } = definition.info;
    const happened: ListenerEvent[] = started ? [{ scope: 'execution', event: 'start', activityId: '', payload: {} }] : [];
    const startedHere = new Map<string, { activityId: string; type: string; state: string }>();
    const ended = new Map<string, string[]>();
    for (const event of outcome.events) {
      const stateOnEnd = event.kind === 'end' ? 'completed' : closing.discarded;
      if (event.kind === 'start') {
        startedHere.set(event.executionId, { activityId: event.activityId, type: event.activityType, state: 'active' });
        happened.push({ scope: 'execution', event: 'start', activityId: event.activityId, payload: {} });
        continue;
      }
      const here = startedHere.get(event.executionId);
      if (here) here.state = stateOnEnd;
      else ended.set(stateOnEnd, [...(ended.get(stateOnEnd) ?? []), event.executionId]);
      if (event.kind === 'end') happened.push({ scope: 'execution', event: 'end', activityId: event.activityId, payload: {} });
    }
    await repo.insertActivities(
      trx,
      [...startedHere].map(([executionId, activity]) => ({
        instance_id: instance.id,
        execution_id: executionId,
        activity_id: activity.activityId,
        activity_name: nodes[activity.activityId]?.name ?? '',
        activity_type: activity.type,
        state: activity.state,
        started_at: now,
        ended_at: activity.state === 'active' ? null : now,
      })),
    );
    for (const [state, executionIds] of ended) await repo.endActivities(trx, instance.id, executionIds, state as 'completed', now);

    // A new instance has no task yet: nothing to read.
    const open = started ? [] : await repo.openTaskRows(trx, instance.id);
    const waitingIds = new Set(outcome.waiting.map((task) => task.executionId));
    const closed = open.filter((row) => !waitingIds.has(row.execution_id));
    const mine = closed.filter((row) => row.id === closing.taskId).map((row) => row.id);
    const closingMine = { outcome: closing.outcome, ended_at: now, completed_by: closing.actor, button: closing.button ?? null };
    if (held && closing.taskId !== undefined) {
      // The task acted on is taken by its actor as it closes; one that goes on waiting is still taken.
      const taken =
        mine.length > 0
          ? await repo.closeHeldTask(trx, closing.taskId, closing.actor, closingMine)
          : await repo.holdTask(trx, closing.taskId, closing.actor);
      if (!taken) throw new AppError(409, 'error.bpmTaskTakenMeanwhile');
    } else {
      await repo.closeTasks(trx, mine, closingMine);
    }
    await repo.closeTasks(
      trx,
      closed.filter((row) => row.id !== closing.taskId).map((row) => row.id),
      { outcome: closing.others, ended_at: now },
    );
    for (const row of closed) {
      if (row.id === closing.taskId && closing.outcome === 'completed') {
        happened.push({ scope: 'task', event: 'complete', activityId: row.activity_id, payload: { taskId: row.id } });
      }
    }
    const openIds = new Set(open.filter((row) => waitingIds.has(row.execution_id)).map((row) => row.execution_id));
    for (const waiting of outcome.waiting) {
      if (openIds.has(waiting.executionId)) continue;
      const taskId = await this.createTask(trx, instance, definition, waiting, { ...variables, ...waiting.local }, closing.taskId ?? null);
      happened.push({ scope: 'task', event: 'create', activityId: waiting.activityId, payload: { taskId } });
    }
    // A definition with no message or signal catch never waits for one: its commands skip the rows.
    if (traitsOf(definition).events) await replaceSubscriptions(trx, instance.id, outcome.subscriptions);
    // A definition without timers or external tasks never has their rows: its commands skip them (a new instance has none yet).
    const traits = traitsOf(definition);
    if (outcome.timers.length > 0 || (traits.timers && !started)) {
      // A timer still waiting on the same execution keeps its due time: other work must not postpone it.
      const dueBefore = new Map((await repo.instanceTimers(trx, instance.id)).map((timer) => [timer.execution_id, timer.due_at]));
      await repo.replaceTimers(
        trx,
        instance.id,
        outcome.timers.map((timer) => ({
          execution_id: timer.executionId,
          activity_id: timer.activityId,
          due_at: dueBefore.get(timer.executionId) ?? now + timer.delayMs,
        })),
      );
    }
    if (outcome.externalTasks.length > 0 || (traits.externalTasks && !started)) {
      await syncExternalTasks(trx, instance.id, outcome.externalTasks, now);
    }
    if (outcome.ended) {
      await repo.closeTasks(
        trx,
        open.filter((row) => !closed.includes(row)).map((row) => row.id),
        { outcome: closing.others, ended_at: now },
      );
      happened.push({ scope: 'execution', event: 'end', activityId: '', payload: {} });
    }
    return this.listen(trx, instance, happened);
  }

  private async createTask(
    trx: Kysely<Database>,
    instance: Row,
    definition: RunnableDefinition,
    waiting: { executionId: string; activityId: string },
    variables: Record<string, unknown>,
    previousTaskId: number | null,
  ): Promise<number> {
    const info = definition.info.userTasks.find((task) => task.activityId === waiting.activityId);
    const lookup = (names: string[]) => pathIn(variables, names);
    const resolve = (text: string | null): unknown => (text && hasExpression(text) ? resolveTemplate(text, lookup) : text);
    const assignee = resolve(info?.assignee ?? null);
    const users = (info?.candidateUsers ?? []).flatMap((text) => asList(resolve(text)));
    const groups = (info?.candidateGroups ?? []).flatMap((text) => asList(resolve(text)));
    const formId = info?.formKey ? Number(info.formKey.slice('form:'.length)) : null;
    const formVersion = formId ? (await this.forms.publishedSchema(formId, trx)).version : null;
    const now = this.context.now();
    const dueText = resolve(info?.dueDate ?? null);
    const due =
      typeof dueText === 'string' && dueText
        ? await dueAt(trx, (await accountByUserName(trx, instance.started_by))?.organ_id ?? null, now, dueText)
        : null;
    return repo.insertTask(
      trx,
      {
        instance_id: instance.id,
        execution_id: waiting.executionId,
        activity_id: waiting.activityId,
        task_name: info?.name ?? waiting.activityId,
        assignee: typeof assignee === 'string' && assignee ? assignee : null,
        candidate_users: JSON.stringify(users),
        candidate_groups: JSON.stringify(groups),
        form_key: info?.formKey ?? null,
        form_id: formId,
        form_version: formVersion,
        due_at: due,
        created_at: now,
        claimed_at: null,
        ended_at: null,
        status: 'open',
        outcome: null,
        button: null,
        completed_by: null,
        previous_task_id: previousTaskId,
        engine_snapshot: repo.pendingSnapshot,
      },
      { users, groups },
    );
  }

  /** Released definitions never change: each is read once per process (the newest few hundred kept). */
  async runnable(definitionId: number): Promise<KnownDefinition> {
    const known = this.definitions.get(definitionId);
    if (known) return known;
    const row = await modelRepo.findDefinition(this.context.db, definitionId);
    if (!row) throw notFound();
    const definition = { ...modelRepo.toRunnable(row), name: row.def_name, version: row.version };
    if (this.definitions.size >= 200) this.definitions.delete(this.definitions.keys().next().value as number);
    this.definitions.set(definitionId, definition);
    return definition;
  }

  private async formVersion(formId: number, version: number) {
    const found = (await this.forms.versions(formId)).find((candidate) => candidate.version === version);
    if (!found) throw notFound();
    return found;
  }

  // ---------------------------------------------------------------- listeners

  /** Log listeners write their entry in the command's transaction; HTTP listeners are called once it is committed. */
  private async listen(trx: Kysely<Database>, instance: Row, happened: ListenerEvent[]): Promise<Delivery[]> {
    if (happened.length === 0) return [];
    const listeners = await configRepo.enabledListeners(trx, instance.def_key);
    if (listeners.length === 0) return [];
    const now = this.context.now();
    const logs = [];
    const deliveries: Delivery[] = [];
    for (const event of happened) {
      for (const listener of listeners) {
        if (listener.scope !== event.scope || listener.event !== event.event) continue;
        if (listener.activityId !== '' ? listener.activityId !== event.activityId : event.scope === 'execution' && event.activityId !== '')
          continue;
        const activityId = event.activityId;
        if (listener.kind === 'log') {
          logs.push({
            listener_id: listener.id,
            instance_id: instance.id,
            activity_id: activityId,
            event: event.event,
            message: JSON.stringify(event.payload).slice(0, 1000),
            created_at: now,
          });
        } else {
          deliveries.push({
            listenerId: listener.id,
            url: listener.url,
            instanceId: instance.id,
            activityId,
            event: event.event,
            payload: {
              instanceId: instance.id,
              definitionKey: instance.def_key,
              businessKey: instance.business_key,
              activityId,
              event: event.event,
              ...event.payload,
            },
          });
        }
      }
    }
    await configRepo.insertListenerLogs(trx, logs);
    return deliveries;
  }

  /** Calls HTTP listeners through the outbound allow-list, each outcome kept as a log entry; never fails the command. */
  private deliver(deliveries: Delivery[]): void {
    if (deliveries.length === 0) return;
    void (async () => {
      const { policy } = await readOutbound(this.context.db);
      for (const delivery of deliveries) {
        const message = await postJson(policy, delivery.url, delivery.payload, { timeoutMs: 5000, attempts: 2 }).then(
          (answer) => `HTTP ${answer.status}`,
          (error: unknown) => (error instanceof AppError ? `${error.messageKey} ${JSON.stringify(error.params)}` : String(error)),
        );
        await configRepo.insertListenerLogs(this.context.db, [
          {
            listener_id: delivery.listenerId,
            instance_id: delivery.instanceId,
            activity_id: delivery.activityId,
            event: delivery.event,
            message: message.slice(0, 1000),
            created_at: this.context.now(),
          },
        ]);
      }
    })().catch(() => undefined);
  }
}

interface ListenerEvent {
  scope: 'execution' | 'task';
  event: string;
  activityId: string;
  payload: Record<string, unknown>;
}

/** What a definition may wait on besides user tasks: each kind has rows a command writes only when it may. */
interface DefinitionTraits {
  /** A message or signal catch. */
  events: boolean;
  timers: boolean;
  externalTasks: boolean;
}

const definitionTraits = new WeakMap<RunnableDefinition, DefinitionTraits>();

/** Read once per definition, from its XML; a false answer is sure, a true one may be a name that only looks like it. */
function traitsOf(definition: RunnableDefinition): DefinitionTraits {
  let traits = definitionTraits.get(definition);
  if (!traits) {
    traits = {
      events: /(messageEventDefinition|signalEventDefinition|receiveTask)\b/.test(definition.xml),
      timers: /timerEventDefinition\b/.test(definition.xml),
      externalTasks: /["']external["']/.test(definition.xml),
    };
    definitionTraits.set(definition, traits);
  }
  return traits;
}

/** The instance as a command saved it, answered without reading it back. */
function summaryOf(row: Row, definition: KnownDefinition) {
  return repo.toInstance({ ...row, def_name: definition.name, def_version: definition.version });
}

/** What an answer says of an incident: the element it stopped at and why. */
function incidentOf(failure: ModelFailure): { element: string; message: string } {
  return { element: failure.element.id, message: failure.message.slice(0, 300) };
}

/** A BPMN document without its extension elements: the Camunda configuration, which only the engine needs. */
function withoutExtensions(xml: string): string {
  return xml.replace(/<([\w.-]+:)?extensionElements\b[^>]*\/>|<([\w.-]+:)?extensionElements\b[\s\S]*?<\/\2extensionElements\s*>/g, '');
}
