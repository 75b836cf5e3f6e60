import type { BpmReleaseWarning, BpmUserTaskInfo, MessageKey } from '@qiming/shared';
import type { ModdleElement } from 'bpmn-moddle';
import { AppError } from '../../http/errors.ts';
import { cloudFormKey, readActivityForm } from './bpmnForms.ts';
import type { ReleaseInfo } from './bpmnRelease.ts';
import { checkExpressions, ExpressionError, hasExpression } from './safeExpression.ts';
import { cronProblem, isCron } from './timerCycle.ts';

/** What reading a whole file gathers: warnings, and which process calls which (by called element). */
export interface Analysis {
  warnings: BpmReleaseWarning[];
  calls: Map<string, Set<string>>;
}

/** One executable process being read. */
export interface ProcessScope {
  info: ReleaseInfo;
  calls: Set<string>;
}

/** Release refusals are the caller's to fix: 422, the element named. */
export const refuse = (key: MessageKey, params: Record<string, string>) => new AppError(422, key, params);

/** Flow elements bpmn-engine runs (script tasks are left out: they would run code). */
const runnable = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:IntermediateCatchEvent',
  'bpmn:IntermediateThrowEvent',
  'bpmn:BoundaryEvent',
  'bpmn:Task',
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:ServiceTask',
  'bpmn:SendTask',
  'bpmn:BusinessRuleTask',
  'bpmn:ReceiveTask',
  'bpmn:CallActivity',
  'bpmn:SubProcess',
  'bpmn:AdHocSubProcess',
  'bpmn:Transaction',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:EventBasedGateway',
  'bpmn:SequenceFlow',
]);
/** Elements that only describe: the engine keeps or skips them. */
const passive = new Set([
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:DataObjectReference',
  'bpmn:DataObject',
  'bpmn:DataStoreReference',
  'bpmn:Group',
]);
const containers = new Set(['bpmn:SubProcess', 'bpmn:AdHocSubProcess', 'bpmn:Transaction']);
/** Tasks bpmn-engine runs through a service: each must be an external task or an http(s) call. */
const serviceLike = new Set(['bpmn:ServiceTask', 'bpmn:SendTask', 'bpmn:BusinessRuleTask']);
const eventDefinitions = new Set([
  'bpmn:TimerEventDefinition',
  'bpmn:TerminateEventDefinition',
  'bpmn:MessageEventDefinition',
  'bpmn:SignalEventDefinition',
  'bpmn:ErrorEventDefinition',
  'bpmn:EscalationEventDefinition',
  'bpmn:ConditionalEventDefinition',
  'bpmn:CompensateEventDefinition',
  'bpmn:CancelEventDefinition',
  'bpmn:LinkEventDefinition',
]);
/** Camunda attributes that would run Java classes or method expressions on the server. */
const codeAttributes = ['camunda:class', 'camunda:delegateExpression', 'camunda:expression'];
/** Camunda extensions that describe data only; listeners and connectors would run code or call out. */
const harmlessExtensions = new Set([
  'camunda:InputOutput',
  'camunda:In',
  'camunda:Out',
  'camunda:FormData',
  'camunda:Field',
  'camunda:FailedJobRetryTimeCycle',
  'camunda:Properties',
  'camunda:ErrorEventDefinition',
]);
const codeExtensions = new Set(['camunda:ExecutionListener', 'camunda:TaskListener', 'camunda:Connector']);

const listOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const codeRefused = (element: ModdleElement, kind: string) => refuse('error.bpmCodeRefused', { element: elementName(element), kind });
export const elementName = (element: ModdleElement) =>
  element.name ? `${element.name} (${element.id})` : String(element.id ?? element.$type);

/** Names of the activity columns (history rows, tasks). */
const maxActivityName = 200;
const durationPattern = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

function expressionChecked(element: ModdleElement, text: unknown): void {
  if (typeof text !== 'string' || !hasExpression(text)) return;
  try {
    checkExpressions(text);
  } catch (error) {
    if (error instanceof ExpressionError) throw refuse('error.bpmInvalidExpression', { element: elementName(element), expression: text });
    throw error;
  }
}

/** A formal expression's text, refusing script languages (they would run in node:vm). */
function formalExpression(owner: ModdleElement, expression: unknown): string | null {
  if (!expression) return null;
  const formal = expression as ModdleElement;
  if (formal.language || formal.get?.('camunda:resource') || !['bpmn:FormalExpression', 'bpmn:Expression'].includes(formal.$type)) {
    throw refuse('error.bpmScriptRefused', { element: elementName(owner) });
  }
  const body = textOf(formal.body);
  expressionChecked(owner, body);
  return body;
}

/** Camunda extension elements: properties are read, data-only ones kept, code refused, foreign ones kept with a warning. */
function extensions(element: ModdleElement, analysis: Analysis): Map<string, string> {
  const found = new Map<string, string>();
  const holder = element.extensionElements as ModdleElement | undefined;
  for (const value of (holder?.values as ModdleElement[] | undefined) ?? []) {
    if (codeExtensions.has(value.$type)) throw refuse('error.bpmCodeRefused', { element: elementName(element), kind: value.$type });
    if (value.$type === 'camunda:Properties') {
      for (const property of (value.values as ModdleElement[] | undefined) ?? []) {
        const name = textOf(property.name);
        if (name) found.set(name, String(property.get('value') ?? ''));
      }
    } else if (!harmlessExtensions.has(value.$type)) {
      analysis.warnings.push({ key: 'warning.bpmIgnoredExtension', params: { element: elementName(element), type: value.$type } });
    }
  }
  return found;
}

function userTask(element: ModdleElement, props: Map<string, string>, analysis: Analysis): BpmUserTaskInfo {
  const assignee = textOf(element.get('camunda:assignee'));
  const candidateUsers = listOf(element.get('camunda:candidateUsers'));
  const candidateGroups = listOf(element.get('camunda:candidateGroups'));
  const dueDate = textOf(element.get('camunda:dueDate'));
  for (const text of [assignee, ...candidateUsers, ...candidateGroups, dueDate]) expressionChecked(element, text);
  if (dueDate && !hasExpression(dueDate) && !durationPattern.test(dueDate)) {
    throw refuse('error.bpmInvalidDueDate', { element: elementName(element), value: dueDate });
  }
  if (!assignee && candidateUsers.length === 0 && candidateGroups.length === 0) {
    analysis.warnings.push({ key: 'warning.bpmTaskUnassigned', params: { element: elementName(element) } });
  }
  // Only Qiming's cloud forms are shown; Camunda's embedded or external form keys are kept and not used (see bpmnForms.ts).
  const formKey = textOf(element.get('camunda:formKey'))?.match(cloudFormKey)?.[0] ?? null;
  const characteristics = element.loopCharacteristics as ModdleElement | undefined;
  const countersign = characteristics ? (formalExpression(element, characteristics.completionCondition) ?? 'all') : null;
  return {
    activityId: String(element.id),
    name: element.name ?? String(element.id),
    assignee,
    candidateUsers,
    candidateGroups,
    formKey,
    dueDate,
    buttons: listOf(props.get('buttons')),
    countersign,
  };
}

/** Multi-instance or standard loops, on any activity: their expressions must be in the safe language. */
function loop(element: ModdleElement): void {
  const characteristics = element.loopCharacteristics as ModdleElement | undefined;
  if (!characteristics) return;
  formalExpression(element, characteristics.completionCondition);
  formalExpression(element, characteristics.loopCardinality);
  formalExpression(element, characteristics.loopCondition);
  expressionChecked(element, characteristics.get('camunda:collection'));
}

/** A service, send or business rule task: an external task by topic or an http(s) call, nothing that runs here. */
function serviceTask(element: ModdleElement, props: Map<string, string>, info: ReleaseInfo): void {
  if (textOf(element.get('camunda:decisionRef'))) {
    throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type: 'camunda:decisionRef (DMN)' });
  }
  const implementation = textOf(element.get('implementation'));
  if (implementation && hasExpression(implementation)) {
    throw refuse('error.bpmCodeRefused', { element: elementName(element), kind: 'implementation' });
  }
  if (element.get('camunda:type') === 'external') {
    const topic = textOf(element.get('camunda:topic'));
    if (!topic || hasExpression(topic)) throw refuse('error.bpmExternalTopic', { element: elementName(element) });
    info.externalTasks = { ...info.externalTasks, [String(element.id)]: topic };
    return;
  }
  const url = props.get('url') ?? '';
  if (!/^https?:\/\/\S+$/.test(url)) throw refuse('error.bpmServiceImplementation', { element: elementName(element) });
  info.serviceTasks[String(element.id)] = url;
}

/**
 * A written timer must be what the engine parses: an ISO 8601 duration, date or repeating interval, or for
 * a cycle Camunda's Quartz cron (`0 0/5 * * * ?`), read by croner. An expression is evaluated with the
 * variables when the timer starts.
 */
function timerValue(element: ModdleElement, kind: string, value: string | null): void {
  if (!value || hasExpression(value)) return;
  if (kind === 'timeCycle' && isCron(value)) {
    const reason = cronProblem(value);
    if (reason) throw refuse('error.bpmTimerCron', { element: elementName(element), value, reason });
    return;
  }
  if (!/^(R\d*\/)?(P|\d{4}-\d{2}-\d{2})/.test(value)) throw refuse('error.bpmTimerValue', { element: elementName(element), value });
}

/** A none start event has no event definition: the one a start from the API or the back-office runs from. */
const hasEvents = (element: ModdleElement) => ((element.eventDefinitions as ModdleElement[] | undefined) ?? []).length > 0;
const isTimed = (element: ModdleElement) =>
  ((element.eventDefinitions as ModdleElement[] | undefined) ?? []).some((definition) => definition.$type === 'bpmn:TimerEventDefinition');

function events(element: ModdleElement): void {
  for (const definition of (element.eventDefinitions as ModdleElement[] | undefined) ?? []) {
    if (!eventDefinitions.has(definition.$type)) {
      throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type: definition.$type });
    }
    for (const timer of ['timeDuration', 'timeDate', 'timeCycle']) timerValue(element, timer, formalExpression(element, definition[timer]));
    if (definition.$type === 'bpmn:ConditionalEventDefinition') formalExpression(element, definition.condition);
  }
}

/** Ends the engine needs: without them it cannot build the flow or place the event. */
function references(element: ModdleElement): void {
  const needed =
    element.$type === 'bpmn:SequenceFlow'
      ? ['sourceRef', 'targetRef']
      : element.$type === 'bpmn:BoundaryEvent'
        ? ['attachedToRef']
        : element.$type === 'bpmn:CallActivity'
          ? ['calledElement']
          : [];
  for (const attribute of needed) {
    if (!element[attribute]) throw refuse('error.bpmMissingReference', { element: elementName(element), attribute });
  }
}

function walk(container: ModdleElement, scope: ProcessScope, analysis: Analysis): void {
  const { info } = scope;
  for (const element of (container.flowElements as ModdleElement[] | undefined) ?? []) {
    const type = element.$type;
    if (passive.has(type)) continue;
    if (!runnable.has(type)) throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type });
    for (const attribute of codeAttributes) {
      if (element.get(attribute)) throw refuse('error.bpmCodeRefused', { element: elementName(element), kind: attribute });
    }
    const props = extensions(element, analysis);
    references(element);
    if (type === 'bpmn:SequenceFlow') {
      formalExpression(element, element.conditionExpression);
      continue;
    }
    if ((element.name ?? '').length > maxActivityName) {
      throw refuse('error.bpmNameTooLong', { element: String(element.id), max: String(maxActivityName) });
    }
    info.nodes[String(element.id)] = { name: element.name ?? '', type };
    events(element);
    if (type === 'bpmn:StartEvent' && container.$type === 'bpmn:Process' && isTimed(element)) info.timerStart = true;
    if (type === 'bpmn:StartEvent' && container.$type === 'bpmn:Process' && !info.startForm && !hasEvents(element)) {
      const form = readActivityForm(element, 'startEvent', elementName(element), analysis, refuse, (kind) => codeRefused(element, kind));
      if (form.formKey || form.fields.length > 0) info.startForm = form;
    }
    loop(element);
    if (type === 'bpmn:UserTask') {
      const task = userTask(element, props, analysis);
      info.userTasks.push(task);
      const form = readActivityForm(element, 'userTask', elementName(element), analysis, refuse, (kind) => codeRefused(element, kind));
      if (!task.formKey && form.fields.length > 0) info.taskForms = { ...info.taskForms, [task.activityId]: form };
      const characteristics = element.loopCharacteristics as ModdleElement | undefined;
      if (characteristics) info.elementVariables[task.activityId] = textOf(characteristics.get('camunda:elementVariable')) ?? 'item';
    }
    if (serviceLike.has(type)) serviceTask(element, props, info);
    if (type === 'bpmn:CallActivity') {
      if (textOf(element.get('camunda:caseRef'))) {
        throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type: 'camunda:caseRef (CMMN)' });
      }
      const called = String(element.calledElement);
      expressionChecked(element, called);
      scope.calls.add(called);
    }
    if (containers.has(type)) walk(element, scope, analysis);
  }
}

export const activityRules = { walk, extensions };
