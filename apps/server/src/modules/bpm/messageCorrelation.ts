import type { BpmCorrelation, BpmSignalResult } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../http/errors.ts';
import { eventStartsOf } from './engineRunner.ts';
import * as modelRepo from './modelRepo.ts';
import type { RuntimeService } from './runtimeService.ts';
import { type WaitingSubscription, waitingFor } from './subscriptionRepo.ts';

/** Camunda's `POST /message` body, as Qiming reads it (variables as plain values). */
export interface CorrelateMessageInput {
  messageName: string;
  businessKey?: string;
  processInstanceId?: number;
  /** Process variables the waiting instance must hold, with these values. */
  correlationKeys?: Record<string, unknown>;
  /** Set on the instance (or the new instance) before the message moves it on. */
  processVariables?: Record<string, unknown>;
  /** Correlate to every match instead of refusing more than one. */
  all?: boolean;
}

export type CorrelationResult = BpmCorrelation;

export interface ThrowSignalInput {
  name: string;
  variables?: Record<string, unknown>;
}

export type SignalResult = BpmSignalResult;

type Definition = NonNullable<Awaited<ReturnType<typeof modelRepo.latestDefinition>>>;

/** An equality of JSON values, as a correlation key compares a variable. */
const sameValue = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/**
 * Messages and signals with Camunda's semantics: a message goes to exactly one waiting catch (intermediate
 * event, receive task, boundary event) or message start event unless `all` is asked, and is refused with 400
 * when nothing or more than one matches; a signal goes to every waiting catch and starts every definition
 * with a signal start event.
 */
export class EventService {
  constructor(
    private readonly context: AppContext,
    private readonly runtime: RuntimeService,
  ) {}

  async correlateMessage(caller: Caller, input: CorrelateMessageInput): Promise<CorrelationResult[]> {
    const name = input.messageName;
    const waiting = (
      await waitingFor(this.context.db, 'message', name, { instanceId: input.processInstanceId, businessKey: input.businessKey })
    ).filter((wait) => this.keysMatch(wait, input.correlationKeys));
    // A message starts a process only when no instance waits for it, as Camunda's correlate does.
    const starts = waiting.length === 0 && input.processInstanceId === undefined ? await this.startsBy('message', name) : [];
    const count = waiting.length + starts.length;
    if (count === 0) throw new AppError(400, 'error.bpmMessageNoMatch', { name });
    if (count > 1 && !input.all) throw new AppError(400, 'error.bpmMessageManyMatches', { name, count });
    const variables = input.processVariables ?? {};
    const results: CorrelationResult[] = [];
    for (const wait of waiting) {
      const incident = await this.deliver(
        caller,
        'message:correlate',
        wait.instanceId,
        // The element too: a message start event of an event sub-process waits by its process's execution.
        { kind: 'message', executionId: wait.executionId, elementId: wait.elementId },
        variables,
      );
      const key = (await this.runtime.requireInstance(wait.instanceId)).def_key;
      results.push({
        resultType: 'Execution',
        processInstanceId: wait.instanceId,
        definitionKey: key,
        elementId: wait.elementId,
        incident,
      });
    }
    for (const start of starts) {
      const instance = await this.runtime.startInstance(caller, {
        definition: start.definition,
        variables: { ...variables, initiator: caller.userName },
        businessKey: input.businessKey ?? '',
        command: { kind: 'message', elementId: start.elementId },
        operation: 'message:correlate',
      });
      results.push({
        resultType: 'ProcessDefinition',
        processInstanceId: instance.id,
        definitionKey: start.definition.def_key,
        elementId: start.elementId,
        incident: instance.incident,
      });
    }
    return results;
  }

  async throwSignal(caller: Caller, input: ThrowSignalInput): Promise<SignalResult> {
    const variables = input.variables ?? {};
    const instances = [...new Set((await waitingFor(this.context.db, 'signal', input.name)).map((wait) => wait.instanceId))];
    const result: SignalResult = { delivered: [], started: [], incidents: [] };
    for (const instanceId of instances) {
      const incident = await this.deliver(caller, 'signal:throw', instanceId, { kind: 'broadcast', name: input.name }, variables);
      (incident ? result.incidents : result.delivered).push(instanceId);
    }
    for (const start of await this.startsBy('signal', input.name)) {
      const instance = await this.runtime.startInstance(caller, {
        definition: start.definition,
        variables: { ...variables, initiator: caller.userName },
        businessKey: '',
        command: { kind: 'message', elementId: start.elementId },
        operation: 'signal:throw',
      });
      (instance.incident ? result.incidents : result.started).push(instance.id);
    }
    return result;
  }

  /** Runs the event's command; an incident it runs into is kept on the instance and answered, not thrown. */
  private async deliver(
    caller: Caller,
    operation: string,
    instanceId: number,
    command: Parameters<RuntimeService['eventCommand']>[3],
    variables: Record<string, unknown>,
  ): Promise<CorrelationResult['incident']> {
    try {
      await this.runtime.eventCommand(caller, operation, instanceId, command, variables);
      return null;
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'error.bpmIncident') {
        return { element: String(error.params.element), message: String(error.params.message) };
      }
      throw error;
    }
  }

  private keysMatch(wait: WaitingSubscription, keys: Record<string, unknown> | undefined): boolean {
    if (!keys) return true;
    const variables = JSON.parse(wait.variables) as Record<string, unknown>;
    return Object.entries(keys).every(([name, value]) => Object.hasOwn(variables, name) && sameValue(variables[name], value));
  }

  /** Newest, active versions whose process a message or signal of this name starts. */
  private async startsBy(kind: 'message' | 'signal', name: string): Promise<Array<{ definition: Definition; elementId: string }>> {
    const found: Array<{ definition: Definition; elementId: string }> = [];
    for (const definition of await modelRepo.latestDefinitions(this.context.db)) {
      const starts = await eventStartsOf(modelRepo.toRunnable(definition));
      for (const start of starts) if (start.kind === kind && start.name === name) found.push({ definition, elementId: start.elementId });
    }
    return found;
  }
}
