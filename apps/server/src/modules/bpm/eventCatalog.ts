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
