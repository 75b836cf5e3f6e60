/** A message or signal an instance waits for, at an element. */
export interface Subscription {
  executionId: string;
  elementId: string;
  kind: 'message' | 'signal';
  /** The message's or signal's name (its id when it has none): what a correlation names, as in Camunda. */
  name: string;
  /** The BPMN reference the engine is signalled with. */
  ref: string;
}

/** A message or signal start event of a definition's process. */
export interface EventStart {
  elementId: string;
  kind: 'message' | 'signal';
  name: string;
  ref: string;
}

interface WaitingApi {
  id: string;
  type: string;
  executionId: string;
  content: Record<string, unknown>;
  signal(output?: unknown): void;
  getPostponed?(): WaitingApi[];
}

/** What the engine waits on, sub-processes opened: a catch inside a sub-process waits inside its parent's entry. */
export function deepPostponed(apis: WaitingApi[], depth = 0): WaitingApi[] {
  if (depth > 20) return apis;
  return apis.flatMap((api) => {
    if (api.type !== 'bpmn:SubProcess' && api.type !== 'bpmn:Transaction') return [api];
    const inner = (api.getPostponed?.() ?? []).filter((child) => child.executionId !== api.executionId);
    return [api, ...deepPostponed(inner, depth + 1)];
  });
}

function referenceOf(value: unknown): { id: string; name: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { id, name } = value as { id?: unknown; name?: unknown };
  if (typeof id !== 'string') return undefined;
  return { id, name: typeof name === 'string' && name ? name : id };
}

/** The waits that take a message (catch, receive task, boundary, start) or a signal, named as a correlation names them. */
export function subscriptionsOf(apis: WaitingApi[]): Subscription[] {
  const found: Subscription[] = [];
  for (const api of apis) {
    const message = referenceOf(api.content.message);
    const signal = referenceOf(api.content.signal);
    const reference = message ?? signal;
    if (!reference) continue;
    found.push({
      executionId: api.executionId,
      elementId: api.id,
      kind: message ? 'message' : 'signal',
      name: reference.name,
      ref: reference.id,
    });
  }
  return found;
}

interface SerializedActivity {
  id: string;
  type: string;
  parent?: { type?: string };
  behaviour?: { eventDefinitions?: Array<{ type: string; behaviour?: { messageRef?: unknown; signalRef?: unknown } }> };
}

/** Start events of the processes (not of sub-processes) that a message or a signal starts. */
export function startEventsIn(source: unknown): EventStart[] {
  const activities = (source as { getActivities?(): SerializedActivity[] } | undefined)?.getActivities?.() ?? [];
  const starts: EventStart[] = [];
  for (const activity of activities) {
    if (activity.type !== 'bpmn:StartEvent' || (activity.parent?.type && activity.parent.type !== 'bpmn:Process')) continue;
    for (const definition of activity.behaviour?.eventDefinitions ?? []) {
      const message = definition.type === 'bpmn:MessageEventDefinition' ? referenceOf(definition.behaviour?.messageRef) : undefined;
      const signal = definition.type === 'bpmn:SignalEventDefinition' ? referenceOf(definition.behaviour?.signalRef) : undefined;
      const reference = message ?? signal;
      if (reference) starts.push({ elementId: activity.id, kind: message ? 'message' : 'signal', name: reference.name, ref: reference.id });
    }
  }
  return starts;
}

/** A timer start event: its date, cycle or duration as written (an ISO 8601 text). */
export interface TimerStart {
  elementId: string;
  kind: 'date' | 'cycle' | 'duration';
  spec: string;
}

/** Timer start events of the processes (not of sub-processes). */
export function timerStartsIn(source: unknown): TimerStart[] {
  const activities = (source as { getActivities?(): SerializedTimerActivity[] } | undefined)?.getActivities?.() ?? [];
  const starts: TimerStart[] = [];
  for (const activity of activities) {
    if (activity.type !== 'bpmn:StartEvent' || (activity.parent?.type && activity.parent.type !== 'bpmn:Process')) continue;
    for (const definition of activity.behaviour?.eventDefinitions ?? []) {
      if (definition.type !== 'bpmn:TimerEventDefinition') continue;
      const { timeDate, timeCycle, timeDuration } = definition.behaviour ?? {};
      if (typeof timeDate === 'string') starts.push({ elementId: activity.id, kind: 'date', spec: timeDate.trim() });
      else if (typeof timeCycle === 'string') starts.push({ elementId: activity.id, kind: 'cycle', spec: timeCycle.trim() });
      else if (typeof timeDuration === 'string') starts.push({ elementId: activity.id, kind: 'duration', spec: timeDuration.trim() });
    }
  }
  return starts;
}

interface SerializedTimerActivity {
  id: string;
  type: string;
  parent?: { type?: string };
  behaviour?: {
    eventDefinitions?: Array<{ type: string; behaviour?: { timeDate?: unknown; timeCycle?: unknown; timeDuration?: unknown } }>;
  };
}

/** What a call activity calls and passes: Camunda's calledElement, its binding, and camunda:in / camunda:out. */
export interface CallActivity {
  activityId: string;
  calledElement: string;
  /** `latest` (the default), `deployment` (released with the caller) or `version` (calledElementVersion). */
  binding: 'latest' | 'deployment' | 'version';
  version: number | null;
  /** `all`, or source variable to target variable; `businessKey`: the caller's business key goes along. */
  ins: VariableMapping;
  outs: VariableMapping;
}

export interface VariableMapping {
  all: boolean;
  pairs: Array<{ source: string; target: string }>;
  businessKey: boolean;
}

interface SerializedCall {
  id: string;
  type: string;
  behaviour?: {
    calledElement?: unknown;
    calledElementBinding?: unknown;
    calledElementVersion?: unknown;
    extensionElements?: {
      values?: Array<{ $type?: string; variables?: unknown; source?: unknown; target?: unknown; businessKey?: unknown }>;
    };
  };
}

function mappingOf(
  values: NonNullable<NonNullable<SerializedCall['behaviour']>['extensionElements']>['values'],
  type: string,
): VariableMapping {
  const mapping: VariableMapping = { all: false, pairs: [], businessKey: false };
  for (const value of values ?? []) {
    if (value.$type !== type) continue;
    if (value.variables === 'all') mapping.all = true;
    if (typeof value.businessKey === 'string') mapping.businessKey = true;
    if (typeof value.source === 'string' && value.source) {
      mapping.pairs.push({ source: value.source, target: typeof value.target === 'string' && value.target ? value.target : value.source });
    }
  }
  return mapping;
}

/** The call activities of a definition, by id. */
export function callActivitiesIn(source: unknown): Map<string, CallActivity> {
  const serialized = source as { getActivities?(): SerializedCall[]; getProcesses?(): Array<{ id: string }> } | undefined;
  const activities = serialized?.getActivities?.() ?? [];
  // A process of the same file is called by bpmn-engine itself, inside the one instance.
  const own = new Set((serialized?.getProcesses?.() ?? []).map((process) => process.id));
  const calls = new Map<string, CallActivity>();
  for (const activity of activities) {
    if (activity.type !== 'bpmn:CallActivity' || typeof activity.behaviour?.calledElement !== 'string') continue;
    if (own.has(activity.behaviour.calledElement)) continue;
    const { calledElementBinding: binding, calledElementVersion: version, extensionElements } = activity.behaviour;
    calls.set(activity.id, {
      activityId: activity.id,
      calledElement: activity.behaviour.calledElement,
      binding: binding === 'deployment' || binding === 'version' ? binding : 'latest',
      version: typeof version === 'string' && /^\d+$/.test(version) ? Number(version) : null,
      ins: mappingOf(extensionElements?.values, 'camunda:In'),
      outs: mappingOf(extensionElements?.values, 'camunda:Out'),
    });
  }
  return calls;
}

/** A call activity waiting for its called instance. */
export interface CallWait {
  executionId: string;
  activityId: string;
}

/** The call activities among what the engine waits on. */
export function callWaitsOf(apis: WaitingApi[]): CallWait[] {
  return apis.filter((api) => api.type === 'bpmn:CallActivity').map((api) => ({ executionId: api.executionId, activityId: api.id }));
}

/** Variables passed along a mapping: all of them, or each source to its target (a source that does not exist passes nothing). */
export function mapVariables(mapping: VariableMapping, from: Record<string, unknown>): Record<string, unknown> {
  const passed: Record<string, unknown> = mapping.all ? { ...from } : {};
  for (const { source, target } of mapping.pairs) if (Object.hasOwn(from, source)) passed[target] = from[source];
  return passed;
}

/** An error end event of a process: reaching it ends the instance with a BPMN error for the caller's boundary. */
export interface ErrorEnd {
  code: string;
  name: string;
}

interface SerializedErrorActivity {
  id: string;
  type: string;
  parent?: { type?: string };
  behaviour?: {
    errorCode?: unknown;
    name?: unknown;
    eventDefinitions?: Array<{ type: string; behaviour?: { errorRef?: { id?: unknown; name?: unknown } } }>;
  };
}

/** The error end events of the processes (not of sub-processes, whose errors their boundaries catch), by id. */
export function errorEndsIn(source: unknown): Map<string, ErrorEnd> {
  const activities = (source as { getActivities?(): SerializedErrorActivity[] } | undefined)?.getActivities?.() ?? [];
  const errors = new Map(activities.filter((activity) => activity.type === 'bpmn:Error').map((error) => [error.id, error]));
  const ends = new Map<string, ErrorEnd>();
  for (const activity of activities) {
    if (activity.type !== 'bpmn:EndEvent' || (activity.parent?.type && activity.parent.type !== 'bpmn:Process')) continue;
    const definition = activity.behaviour?.eventDefinitions?.find((candidate) => candidate.type === 'bpmn:ErrorEventDefinition');
    if (!definition) continue;
    const ref = definition.behaviour?.errorRef;
    const error = typeof ref?.id === 'string' ? errors.get(ref.id) : undefined;
    const code = error?.behaviour?.errorCode;
    const name = error?.behaviour?.name ?? ref?.name;
    ends.set(activity.id, { code: typeof code === 'string' ? code : '', name: typeof name === 'string' ? name : '' });
  }
  return ends;
}
