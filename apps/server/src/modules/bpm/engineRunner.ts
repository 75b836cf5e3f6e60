import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { AppError } from '../../http/errors.ts';
import type { ReleaseInfo } from './bpmnRelease.ts';
import {
  type CallActivity,
  type CallWait,
  callActivitiesIn,
  callWaitsOf,
  deepPostponed,
  type ErrorEnd,
  type EventStart,
  errorEndsIn,
  type Subscription,
  startEventsIn,
  subscriptionsOf,
  type TimerStart,
  timerStartsIn,
} from './eventCatalog.ts';
import type { IncidentKind } from './incidents.ts';
import { ExpressionError, hasExpression, isExpression, type Lookup, pathIn, resolveTemplate } from './safeExpression.ts';
import { readCronCycles } from './timerCycle.ts';

/** A released definition as the runner needs it. */
export interface RunnableDefinition {
  id: number;
  xml: string;
  info: ReleaseInfo;
}

/** A user task (or one iteration of a multi-instance one) the engine waits on. */
export interface WaitingTask {
  executionId: string;
  activityId: string;
  /** The iteration's element variable, for `${assignee}` of a countersign. */
  local: Record<string, unknown>;
}

export interface ActivityEvent {
  kind: 'start' | 'end' | 'discard';
  executionId: string;
  activityId: string;
  activityType: string;
}

/** A service task with `camunda:type="external"`: it waits until a worker completes it (see externalTasks/). */
export interface ExternalWait {
  executionId: string;
  activityId: string;
  topic: string;
  priority: number;
}

export interface PendingTimer {
  executionId: string;
  activityId: string;
  delayMs: number;
}

/** What a run leaves behind: the state to save and what the rows must say. */
export interface RunOutcome {
  engineState: string;
  ended: boolean;
  waiting: WaitingTask[];
  timers: PendingTimer[];
  externalTasks: ExternalWait[];
  events: ActivityEvent[];
  /** The messages and signals it waits for. */
  subscriptions: Subscription[];
  /** The call activities waiting for their called instance. */
  calls: CallWait[];
  /** Keeps the engine for the instance's next command in this process; call once the outcome is committed. */
  keep(instanceId: number): void;
}

export type EngineCommand =
  | { kind: 'resume' }
  | { kind: 'signal'; executionId: string; output: Record<string, unknown> }
  | { kind: 'discard'; executionId: string }
  /**
   * A message delivered to one waiting catch (by execution), to the waiting start event of a new instance (by
   * element), or to an event sub-process's message start event (by element, in the process of the execution).
   */
  | { kind: 'message'; executionId?: string; elementId?: string }
  /** A signal, by name, delivered to every catch of the instance waiting on it. */
  | { kind: 'broadcast'; name: string }
  /** The called instance ended with a BPMN error: the call activity throws it, for its boundary to catch. */
  | { kind: 'callError'; executionId: string; code: string; message: string }
  | { kind: 'timer'; executionId: string }
  | { kind: 'externalComplete'; executionId: string; output: Record<string, unknown> }
  | { kind: 'externalError'; executionId: string; errorCode: string; message: string };

/** Calls the service task's endpoint; throws to fail the run. */
export type ServiceCall = (activityId: string, url: string, variables: Record<string, unknown>) => Promise<void>;

export class EngineFailure extends Error {}

/** An error of the model met at run time, at an element: it becomes an incident on the instance, never a 500. */
export class ModelFailure extends Error {
  constructor(
    message: string,
    readonly element: { id: string; type: string; executionId: string | null },
    readonly kind: IncidentKind,
  ) {
    super(message);
  }
}

/** Camunda's words for an expression naming a variable that does not exist: an error, not false. */
class UnknownVariable extends ExpressionError {}

const quietLogger = () => ({ debug() {}, error() {}, warn() {} });

/** Activities one command may start: a cycle without a wait state would otherwise run for ever. */
export const maxStepsPerCommand = 1000;
/** Iterations of one multi-instance task: its collection or cardinality may come from a starter's variables. */
export const maxLoopInstances = 500;

/**
 * bpmn-engine's script hook, in place of its node:vm scripts: registers nothing and runs nothing. A script
 * task it is asked for fails its run (the engine's fatal error, and `refused` fails the command).
 */
function noScripts(refused: (activityId: string) => void) {
  return {
    register() {},
    getScript(language: string | undefined, element: { id?: string; type?: string }) {
      if (language || element.type === 'bpmn:ScriptTask') refused(String(element.id));
      return undefined;
    },
  };
}

/** Completion-condition variables of Camunda's countersigns, computed from the loop's content. */
function loopVariable(content: Record<string, unknown>, name: string): number | undefined {
  const total = content.loopCardinality;
  if (typeof total !== 'number') return undefined;
  const output = Array.isArray(content.loopOutput) ? content.loopOutput : [];
  const completed = output.filter((item) => item !== undefined && item !== null).length;
  if (name === 'nrOfInstances') return total;
  if (name === 'nrOfCompletedInstances') return completed;
  if (name === 'nrOfActiveInstances') return total - completed;
  return undefined;
}

/** bpmn-engine's expression hook, answered by the safe evaluator: process variables, then the message's own content. */
const expressions = {
  resolveExpression(text: string, context: { environment?: { variables?: Record<string, unknown> }; content?: Record<string, unknown> }) {
    if (!hasExpression(text)) return text;
    const variables = context.environment?.variables ?? {};
    const content = context.content ?? {};
    const lookup: Lookup = (names) => {
      const [first = ''] = names;
      const loop = names.length === 1 ? loopVariable(content, first) : undefined;
      if (loop !== undefined) return loop;
      const value = Object.hasOwn(variables, first) ? pathIn(variables, names) : pathIn(content, names);
      // A conditional event waits for its variables: one not set yet is a condition not met, not an error.
      if (value === undefined && content.type === 'bpmn:ConditionalEventDefinition') return undefined;
      // As Camunda's JUEL: a variable that does not exist stops the run (an incident), it is not silently false.
      if (value === undefined) {
        throw new UnknownVariable(`Unknown property used in expression: ${text}. Cannot resolve identifier '${names.join('.')}'`);
      }
      return value;
    };
    return resolveTemplate(text, lookup);
  },
  isExpression,
  hasExpression,
};

/** Timers the engine asks for, never scheduled in memory: the durable scheduler fires them from the database. */
class RecordedTimers {
  readonly pending = new Set<{
    owner: { id?: string; executionId?: string };
    callback: (...args: unknown[]) => void;
    delay: number;
    args: unknown[];
  }>();
  register(owner: { id?: string; executionId?: string }) {
    return { setTimeout: this.set(owner), clearTimeout: this.clearTimeout };
  }
  setTimeout = this.set({});
  clearTimeout = (ref: unknown) => {
    this.pending.delete(ref as never);
  };
  get executing() {
    return [...this.pending];
  }
  private set(owner: { id?: string; executionId?: string }) {
    return (callback: (...args: unknown[]) => void, delay: number, ...args: unknown[]) => {
      const ref = { owner, callback, delay, args };
      this.pending.add(ref);
      return ref;
    };
  }
}

/**
 * Parsed models by their XML: parsing costs more than running a step, and a released definition never
 * changes. Keyed by the text, not the id, so definitions of two databases in one process never meet.
 */
const sources = new Map<string, Promise<unknown>>();
const maxSources = 500;

function sourceOf(definition: RunnableDefinition): Promise<unknown> {
  let source = sources.get(definition.xml);
  if (!source) {
    const template = new Engine({
      source: definition.xml,
      moddleOptions: { camunda },
      Logger: quietLogger,
      expressions,
      scripts: noScripts(() => {}),
    } as never);
    source = template.getDefinitions().then(([loaded]) => (loaded?.environment.options as { source?: unknown } | undefined)?.source);
    if (sources.size >= maxSources) sources.delete(sources.keys().next().value as string);
    sources.set(definition.xml, source);
  }
  return source;
}

interface Api {
  id: string;
  type: string;
  executionId: string;
  content: Record<string, unknown>;
  signal(output?: unknown): void;
  discard(): void;
}

/** What one command hands the engine's handlers: they outlive the command when the engine is kept. */
interface CommandHooks {
  callService: ServiceCall;
  failure: unknown;
  pendingCalls: Set<Promise<void>>;
  events: ActivityEvent[];
  /** Activities started by this command, iterations included (see maxStepsPerCommand), and the last one. */
  steps: number;
  lastStarted: { activityId: string };
}

/** An engine with its handlers, as a command leaves it. */
interface LiveEngine {
  engine: Engine;
  hooks: CommandHooks;
  timers: RecordedTimers;
  waiting: Map<string, { api: Api; task: WaitingTask }>;
  /** External tasks waiting for a worker, by execution: their callback ends them. */
  external: Map<string, { wait: ExternalWait; variables: Record<string, unknown>; done: (error: unknown, output?: unknown) => void }>;
  /** The state it is in, as saved: it may take the next command only of an instance saved with exactly this. */
  engineState: string;
}

/**
 * Engines left waiting by the last commands, by instance, one cache per runtime (so per database). Recovering an engine from its saved state
 * costs more than the step itself; an engine is taken from here only when the instance's saved state
 * is the very text it produced (so a change by any other process, a restore or a reused id misses)
 * and is out of the cache while a command uses it, so two commands never share one.
 */
export class LiveEngines {
  readonly byInstance = new Map<number, LiveEngine>();
  constructor(readonly capacity = 200) {}
}

function takeLive(liveEngines: LiveEngines | undefined, instanceId: number | undefined, engineState: string): LiveEngine | undefined {
  if (instanceId === undefined || !liveEngines) return undefined;
  const live = liveEngines.byInstance.get(instanceId);
  liveEngines.byInstance.delete(instanceId);
  return live?.engineState === engineState ? live : undefined;
}

function buildEngine(definition: RunnableDefinition, sourceContext: unknown): LiveEngine {
  const timers = new RecordedTimers();
  const hooks: CommandHooks = {
    callService: async () => {},
    failure: undefined,
    pendingCalls: new Set(),
    events: [],
    steps: 0,
    lastStarted: { activityId: '' },
  };
  const serviceTasks = definition.info.serviceTasks;
  const external: LiveEngine['external'] = new Map();
  const extensions = {
    qiming(activity: {
      id: string;
      type: string;
      environment: { variables: Record<string, unknown> };
      behaviour: Record<string, unknown>;
      on(event: string, handler: (api: Api) => void): void;
    }) {
      readCronCycles(activity);
      // A completed user task's output becomes process variables before its outgoing flows are weighed.
      if (activity.type === 'bpmn:UserTask') {
        activity.on('end', (api) => {
          const output = api.content.output;
          if (!api.content.isMultiInstance && output && typeof output === 'object' && !Array.isArray(output)) {
            Object.assign(activity.environment.variables, output);
          }
        });
      }
      // Send and business rule tasks run as service tasks in bpmn-engine, and Camunda lets them be external too.
      if (externalKinds.has(activity.type) && activity.behaviour.type === 'external') {
        activity.behaviour.Service = externalService(activity, external);
        return;
      }
      const url = serviceTasks[activity.id];
      if (activity.type === 'bpmn:ServiceTask' && url) {
        activity.behaviour.Service = function HttpService() {
          return {
            execute(_message: unknown, callback: (error: unknown, output?: unknown) => void) {
              const call = hooks
                .callService(activity.id, url, { ...activity.environment.variables })
                .then(() => callback(null))
                .catch((error: unknown) => {
                  // An address the outbound policy refuses stays a refusal (403); a call that failed is the model's incident.
                  const refused = error instanceof AppError && error.status === 403;
                  const reason = error instanceof AppError ? `${error.messageKey} ${JSON.stringify(error.params)}` : String(error);
                  const element = { id: activity.id, type: activity.type, executionId: null };
                  hooks.failure ??= refused ? error : new ModelFailure(`service call failed: ${reason}`, element, 'serviceCall');
                  callback(error);
                })
                .finally(() => hooks.pendingCalls.delete(call));
              hooks.pendingCalls.add(call);
            },
          };
        };
      }
    },
  };
  const engine = new Engine({
    name: `definition-${definition.id}`,
    sourceContext,
    moddleOptions: { camunda },
    Logger: quietLogger,
    expressions,
    timers,
    extensions,
    // bpmn-engine starts 50 iterations of a parallel loop at a time: a countersign hands every signer a task at once.
    settings: { batchSize: maxLoopInstances },
    scripts: noScripts((activityId) => {
      hooks.failure ??= new EngineFailure(`script of ${activityId} refused`);
    }),
  } as never);
  const waiting = new Map<string, { api: Api; task: WaitingTask }>();
  engine.on('error', (error: unknown) => {
    hooks.failure ??= error;
  });
  return { engine, hooks, timers, waiting, external, engineState: '' };
}

const externalKinds = new Set(['bpmn:ServiceTask', 'bpmn:SendTask', 'bpmn:BusinessRuleTask']);

/**
 * An external task's service: it only registers itself and waits (a recovered engine executes it again, so
 * registering twice is harmless); the externalComplete and externalError commands end it.
 */
function externalService(
  activity: { id: string; environment: { variables: Record<string, unknown> }; behaviour: Record<string, unknown> },
  external: LiveEngine['external'],
) {
  const priority = Number.parseInt(String(activity.behaviour.taskPriority ?? '0'), 10);
  return function ExternalService() {
    let executionId = '';
    return {
      execute(message: { content: { executionId: string } }, done: (error: unknown, output?: unknown) => void) {
        executionId = message.content.executionId;
        const wait = {
          executionId,
          activityId: activity.id,
          topic: String(activity.behaviour.topic ?? ''),
          priority: Number.isFinite(priority) ? priority : 0,
        };
        external.set(executionId, { wait, variables: activity.environment.variables, done });
      },
      discard() {
        external.delete(executionId);
      },
      stop() {},
    };
  };
}

/**
 * Fails the command and stops the engine once it started too many activities (`counts`: an activity start)
 * or a countersign's iterations (their waits carry the loop's size) are too many.
 */
function overBudget(live: LiveEngine, api: Api, counts: boolean): void {
  const { hooks } = live;
  if (hooks.failure) return;
  if (counts) hooks.steps += 1;
  hooks.lastStarted.activityId = api.id;
  const size = api.content.loopCardinality;
  if (typeof size === 'number' && size > maxLoopInstances) {
    hooks.failure = new AppError(422, 'error.bpmTooManyInstances', { element: api.id, count: String(size), max: String(maxLoopInstances) });
  } else if (hooks.steps > maxStepsPerCommand) {
    hooks.failure = new AppError(422, 'error.bpmTooManySteps', { element: api.id, max: String(maxStepsPerCommand) });
  } else {
    return;
  }
  try {
    live.engine.stop();
  } catch (error) {
    // Deep in a cycle without a wait state, stopping can overflow the stack itself; the cycle then
    // overflows too, and the command fails with the refusal recorded above.
    if (!isStackOverflow(error)) throw error;
  }
}

/**
 * V8 reports an exhausted stack as a RangeError, or as a SyntaxError when it happens while compiling a
 * regular expression (Node 24 met it there, in the engine's message routing).
 */
const isStackOverflow = (error: unknown) =>
  error instanceof RangeError || (error instanceof SyntaxError && error.message.endsWith('Stack overflow'));

/** A cycle without a wait state runs synchronously and may overflow the stack before the step budget: the same refusal. */
function stepFailure(error: unknown, activityId: string): unknown {
  if (!isStackOverflow(error)) return error;
  return new AppError(422, 'error.bpmTooManySteps', { element: activityId, max: String(maxStepsPerCommand) });
}

/** The engine's event listener, kept with the engine: it records into the current command's hooks. */
function listenerFor(definition: RunnableDefinition, live: LiveEngine): EventEmitter {
  const listener = new EventEmitter();
  const { waiting, hooks } = live;
  const track = (kind: ActivityEvent['kind']) => (api: Api) => {
    if (kind === 'start') overBudget(live, api, true);
    if (kind !== 'start') waiting.delete(api.executionId);
    // Iterations of a countersign are tasks, not history rows: the multi-instance activity has one row.
    if (api.content.isMultiInstance && api.content.index !== undefined) return;
    hooks.events.push({ kind, executionId: api.executionId, activityId: api.id, activityType: api.type });
  };
  listener.on('activity.start', track('start'));
  listener.on('activity.end', track('end'));
  listener.on('activity.discard', track('discard'));
  // A task a boundary event cancels only leaves: it waits no more, and its history row ends as discarded.
  listener.on('activity.leave', (api: Api) => {
    if (waiting.has(api.executionId)) track('discard')(api);
  });
  listener.on('wait', (api: Api) => {
    overBudget(live, api, false);
    if (api.type !== 'bpmn:UserTask' || hooks.failure) return;
    const variable = definition.info.elementVariables[api.id];
    const local = variable && api.content.isMultiInstance ? { [variable]: api.content[variable] } : {};
    waiting.set(api.executionId, { api, task: { executionId: api.executionId, activityId: api.id, local } });
  });
  return listener;
}

/**
 * Runs one command of one instance on bpmn-engine: the engine the instance's last command left (see
 * liveEngines) or a fresh one recovered from the saved state resumes, applies the command and runs until
 * it waits again (service calls awaited), then answers the new state and what happened. The database
 * holds everything needed, so any process can take the next command and a restart loses nothing;
 * `outcome.keep()` once the outcome is committed lets this process skip the recovery next time.
 */
export async function runEngine(
  definition: RunnableDefinition,
  saved: { engineState: string; instanceId?: number } | { variables: Record<string, unknown> },
  command: EngineCommand,
  callService: ServiceCall,
  liveEngines?: LiveEngines,
  variables: Record<string, unknown> = {},
): Promise<RunOutcome> {
  const lastStarted = { activityId: '' };
  try {
    return await runCommand(definition, saved, command, callService, liveEngines, lastStarted, variables);
  } catch (error) {
    throw modelFailure(stepFailure(error, lastStarted.activityId), lastStarted.activityId);
  }
}

/**
 * What failed, at which element: the engine's activity errors carry the element they left; anything else is
 * placed at the last activity started. Qiming's own refusals (budgets, conflicts) stay what they are.
 */
function modelFailure(error: unknown, lastActivityId: string): unknown {
  if (error instanceof AppError || error instanceof ModelFailure) return error;
  const failure = error as {
    message?: unknown;
    source?: { content?: { id?: string; type?: string; executionId?: string } };
    inner?: unknown;
  };
  const content = failure?.source?.content;
  const message = String(failure?.message ?? error);
  const inner = failure?.inner;
  const kind: IncidentKind =
    error instanceof UnknownVariable || inner instanceof UnknownVariable
      ? 'unknownVariable'
      : /no conditional flow taken/.test(message)
        ? 'noFlow'
        : 'modelError';
  const element = { id: content?.id ?? lastActivityId, type: content?.type ?? '', executionId: content?.executionId ?? null };
  return new ModelFailure(message.slice(0, 900), element, kind);
}

async function runCommand(
  definition: RunnableDefinition,
  saved: { engineState: string; instanceId?: number } | { variables: Record<string, unknown> },
  command: EngineCommand,
  callService: ServiceCall,
  liveEngines: LiveEngines | undefined,
  lastStarted: { activityId: string },
  variables: Record<string, unknown>,
): Promise<RunOutcome> {
  const recovered = 'engineState' in saved ? takeLive(liveEngines, saved.instanceId, saved.engineState) : undefined;
  const live = recovered ?? buildEngine(definition, await sourceOf(definition));
  const { engine, hooks, timers, waiting, external } = live;
  hooks.callService = callService;
  hooks.failure = undefined;
  hooks.events = [];
  hooks.steps = 0;
  hooks.lastStarted = lastStarted;
  if (!recovered) {
    const listener = listenerFor(definition, live);
    if ('engineState' in saved) {
      engine.recover(JSON.parse(saved.engineState));
      await engine.resume({ listener } as never);
      // Resuming replays the waits and timers of the saved state; only what follows is this command's history.
      hooks.events = [];
      hooks.steps = 0;
    } else {
      await engine.execute({ listener, variables: saved.variables } as never);
    }
  }
  await settle(hooks.pendingCalls);
  if (Object.keys(variables).length > 0) assignVariables(engine, variables);
  if (command.kind === 'message') {
    // A timer start event is started by its timer; a message or signal start, a catch or a receive task by a signal.
    const timer = command.elementId ? [...timers.pending].find((ref) => ref.owner.id === command.elementId) : undefined;
    const target = deepPostponed(postponed(engine)).find((api) =>
      command.executionId ? api.executionId === command.executionId : api.id === command.elementId,
    );
    if (timer) {
      timers.pending.delete(timer);
      timer.callback(...timer.args);
    } else if (target) {
      target.signal(variables);
    } else if (
      !command.executionId ||
      !command.elementId ||
      !triggerEventSubProcess(engine, command.executionId, command.elementId, hooks)
    ) {
      throw new AppError(409, 'error.bpmActivityNotActive');
    }
  } else if (command.kind === 'callError') {
    const target = deepPostponed(postponed(engine)).find((api) => api.executionId === command.executionId);
    if (!target) throw new AppError(409, 'error.bpmActivityNotActive');
    (target as unknown as { sendApiMessage(action: string, content: object): void }).sendApiMessage('error', {
      message: command.message,
      code: command.code,
    });
  } else if (command.kind === 'broadcast') {
    const waits = subscriptionsOf(deepPostponed(postponed(engine)));
    const refs = new Set(waits.filter((wait) => wait.kind === 'signal' && wait.name === command.name).map((wait) => wait.ref));
    for (const ref of refs) engine.execution?.signal({ id: ref });
  } else if (command.kind === 'signal') {
    const target = waiting.get(command.executionId);
    // The task row was read open, but the instance read after it no longer waits there: a completion of the task
    // committed in between (two completions at once, or a retry of one whose answer was lost).
    if (!target) throw new AppError(409, 'error.bpmTaskClosed');
    target.api.signal(command.output);
  } else if (command.kind === 'discard') {
    // A user task waits in `waiting`; a timer, a sub-process or a joining gateway only among the postponed.
    const target = waiting.get(command.executionId)?.api ?? postponed(engine).find((api) => api.executionId === command.executionId);
    if (!target) throw new AppError(409, 'error.bpmActivityNotActive');
    target.discard();
    // A discarded catch event leaves without an event of its own; its history row must still end.
    if (!hooks.events.some((event) => event.executionId === target.executionId)) {
      hooks.events.push({ kind: 'discard', executionId: target.executionId, activityId: target.id, activityType: target.type });
    }
  } else if (command.kind === 'externalComplete' || command.kind === 'externalError') {
    const target = external.get(command.executionId);
    if (!target) throw new AppError(409, 'error.bpmActivityNotActive');
    external.delete(command.executionId);
    if (command.kind === 'externalComplete') {
      // A worker's variables become process variables before the task's outgoing flows are weighed.
      Object.assign(target.variables, command.output);
      target.done(null, command.output);
    } else {
      // bpmn-engine's error boundary events catch an error by its `code`, as Camunda's by errorCode.
      target.done(Object.assign(new Error(command.message), { code: command.errorCode }));
    }
  } else if (command.kind === 'timer') {
    const timer = [...timers.pending].find((ref) => ref.owner.executionId === command.executionId);
    if (timer) {
      timers.pending.delete(timer);
      timer.callback(...timer.args);
    }
  }
  await settle(hooks.pendingCalls);
  // Conditional events are evaluated again once the command changed what they read, as Camunda does on a variable change.
  if (!hooks.failure && command.kind !== 'resume') {
    for (const api of deepPostponed(postponed(engine))) if (api.type === 'bpmn:ConditionalEventDefinition') api.signal();
    await settle(hooks.pendingCalls);
  }
  const { failure } = hooks;
  if (failure) {
    // A failed command's engine is never kept; stopping it ends whatever it still runs.
    if (engine.state === 'running') engine.stop();
    throw failure instanceof Error ? failure : new EngineFailure(String(failure));
  }

  const ended = engine.state !== 'running';
  // An ended instance is never run again: nothing of its engine needs keeping.
  const engineState = ended ? '' : JSON.stringify(savedState(engine));
  return {
    engineState,
    ended,
    waiting: [...waiting.values()].map((entry) => entry.task),
    timers: [...timers.pending]
      .filter((ref) => ref.owner.executionId)
      .map((ref) => ({ executionId: String(ref.owner.executionId), activityId: String(ref.owner.id), delayMs: Math.max(0, ref.delay) })),
    externalTasks: [...external.values()].map((entry) => entry.wait),
    events: hooks.events,
    subscriptions: ended ? [] : [...subscriptionsOf(deepPostponed(postponed(engine))), ...eventSubProcessWaits(engine)],
    calls: ended ? [] : callWaitsOf(deepPostponed(postponed(engine))),
    keep(instanceId: number) {
      if (ended || !liveEngines) return;
      live.engineState = engineState;
      hooks.callService = async () => {};
      const cache = liveEngines.byInstance;
      cache.delete(instanceId);
      if (cache.size >= liveEngines.capacity) cache.delete(cache.keys().next().value as number);
      cache.set(instanceId, live);
    },
  };
}

interface EngineExecution {
  state: string;
  stopped: boolean;
  environment: { getState(): unknown };
  definitions: Array<{ getState(): unknown }>;
}

/**
 * The engine's state as bpmn-engine's getState makes it, but without the definitions' sources: its getState
 * serialises the whole model into every state, and the XML is kept once with the definition instead (a
 * recovery takes the source from the cached model). Its engineVersion, which recover does not read, is left out.
 */
function savedState(engine: Engine) {
  const execution = engine.execution as unknown as EngineExecution;
  return {
    name: engine.name,
    state: execution.state,
    stopped: execution.stopped,
    environment: execution.environment.getState(),
    definitions: execution.definitions.map((definition) => definition.getState()),
  };
}

/** The activities the engine waits on: user tasks, timers, sub-processes, gateways waiting for their branches. */
function postponed(engine: Engine): Api[] {
  return (engine.execution as unknown as { getPostponed(): Api[] } | undefined)?.getPostponed() ?? [];
}

/** bpmn-elements keeps a process's event sub-processes in this private set; it offers no public way to start one. */
const elementsOf = Symbol.for('elements');

interface EventSubProcess {
  id: string;
  isRunning: boolean;
  getStartActivities(filter?: { referenceId?: string; referenceType?: string }): Array<{
    id: string;
    behaviour?: { isInterrupting?: boolean; eventDefinitions?: Array<{ type: string; behaviour?: { messageRef?: unknown } }> };
  }>;
}

interface ProcessExecution {
  executionId: string;
  getPostponed(): Api[];
  _onDelegateEvent(message: { properties: { type: string }; content: { message: { id: string } } }): void;
  [elementsOf]?: { triggeredByEvent?: Set<EventSubProcess> };
}

/** The running processes' executions with their event sub-processes (a process of the file that never started has none). */
function processExecutions(engine: Engine): Array<{ execution: ProcessExecution; eventSubProcesses: EventSubProcess[] }> {
  const definitions = (engine.execution as unknown as { definitions?: EnvironmentOwner[] } | undefined)?.definitions ?? [];
  return definitions.flatMap((definition) =>
    definition
      .getProcesses()
      .map((process) => (process as { execution?: ProcessExecution }).execution)
      .filter((execution): execution is ProcessExecution => execution !== undefined)
      .map((execution) => ({ execution, eventSubProcesses: [...(execution[elementsOf]?.triggeredByEvent ?? [])] })),
  );
}

/** A message start event of an event sub-process: whether it interrupts, and the message it waits for. */
function messageStartsOf(eventSubProcess: EventSubProcess) {
  return eventSubProcess.getStartActivities().flatMap((start) =>
    (start.behaviour?.eventDefinitions ?? [])
      .filter((definition) => definition.type === 'bpmn:MessageEventDefinition')
      .map((definition) => ({ start, message: messageReference(definition.behaviour?.messageRef) }))
      .filter((found): found is { start: (typeof found)['start']; message: { id: string; name: string } } => found.message !== undefined),
  );
}

function messageReference(value: unknown): { id: string; name: string } | undefined {
  const { id, name } = (value ?? {}) as { id?: unknown; name?: unknown };
  if (typeof id !== 'string') return undefined;
  return { id, name: typeof name === 'string' && name ? name : id };
}

/**
 * The message start events of the event sub-processes that a message from outside may start, as Camunda
 * subscribes them while their process runs: by the process's execution. One already running waits no more
 * (bpmn-engine runs an activity once at a time), and once an interrupting one runs, the process waits for none.
 */
function eventSubProcessWaits(engine: Engine): Subscription[] {
  const waits: Subscription[] = [];
  for (const { execution, eventSubProcesses } of processExecutions(engine)) {
    const interrupted = eventSubProcesses.some(
      (eventSubProcess) =>
        eventSubProcess.isRunning && eventSubProcess.getStartActivities().some((start) => start.behaviour?.isInterrupting !== false),
    );
    if (interrupted) continue;
    for (const eventSubProcess of eventSubProcesses) {
      if (eventSubProcess.isRunning) continue;
      for (const { start, message } of messageStartsOf(eventSubProcess)) {
        waits.push({ executionId: execution.executionId, elementId: start.id, kind: 'message', name: message.name, ref: message.id });
      }
    }
  }
  return waits;
}

/**
 * Starts the event sub-process whose message start event is `elementId`, in the process of `executionId`, as
 * a message thrown inside the process would; an interrupting one then ends everything else the process waits
 * on, as Camunda's does (bpmn-engine leaves it running). False when no such event sub-process waits.
 */
function triggerEventSubProcess(engine: Engine, executionId: string, elementId: string, hooks: CommandHooks): boolean {
  const found = processExecutions(engine).find(({ execution }) => execution.executionId === executionId);
  const waits = found
    ? eventSubProcessWaits(engine).filter((wait) => wait.executionId === executionId && wait.elementId === elementId)
    : [];
  const [wait] = waits;
  if (!found || !wait) return false;
  const eventSubProcess = found.eventSubProcesses.find((candidate) =>
    candidate.getStartActivities().some((start) => start.id === elementId),
  ) as EventSubProcess;
  const interrupting = messageStartsOf(eventSubProcess).some(
    ({ start }) => start.id === elementId && start.behaviour?.isInterrupting !== false,
  );
  found.execution._onDelegateEvent({ properties: { type: 'message' }, content: { message: { id: wait.ref } } });
  if (!interrupting) return true;
  for (const api of found.execution.getPostponed()) {
    if (api.id === eventSubProcess.id) continue;
    api.discard();
    // A discarded catch or gateway leaves without an event of its own; its history row must still end.
    if (!hooks.events.some((event) => event.executionId === api.executionId)) {
      hooks.events.push({ kind: 'discard', executionId: api.executionId, activityId: api.id, activityType: api.type });
    }
  }
  return true;
}

/**
 * Sets process variables in a running engine: each definition and process keeps its own copy, and
 * conditions read the process's.
 */
function assignVariables(engine: Engine, variables: Record<string, unknown>): void {
  const definitions = (engine.execution as unknown as { definitions?: EnvironmentOwner[] } | undefined)?.definitions ?? [];
  for (const definition of definitions) {
    Object.assign(definition.environment.variables, variables);
    for (const process of definition.getProcesses()) Object.assign(process.environment.variables, variables);
  }
}

interface EnvironmentOwner {
  environment: { variables: Record<string, unknown> };
  getProcesses(): Array<{ environment: { variables: Record<string, unknown> } }>;
}

/** The message and signal start events of a definition's processes. */
export async function eventStartsOf(definition: RunnableDefinition): Promise<EventStart[]> {
  return startEventsIn(await sourceOf(definition));
}

/** The error end events of a definition's processes, by id. */
export async function errorEndsOf(definition: RunnableDefinition): Promise<Map<string, ErrorEnd>> {
  return errorEndsIn(await sourceOf(definition));
}

/** The call activities of a definition, by id. */
export async function callActivitiesOf(definition: RunnableDefinition): Promise<Map<string, CallActivity>> {
  return callActivitiesIn(await sourceOf(definition));
}

/** The timer start events of a definition's processes. */
export async function timerStartsOf(definition: RunnableDefinition): Promise<TimerStart[]> {
  return timerStartsIn(await sourceOf(definition));
}

/** Waits until no service call is pending: each may let the engine reach another. */
async function settle(pending: Set<Promise<void>>): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
  await new Promise((resolve) => setImmediate(resolve));
}
