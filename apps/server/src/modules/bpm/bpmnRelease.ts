import type { BpmUserTaskInfo, MessageKey } from '@qiming/shared';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { AppError } from '../../http/errors.ts';
import { checkExpressions, ExpressionError, hasExpression } from './safeExpression.ts';

/** What release reads from the XML and keeps with the definition: the engine runs the XML, we run the rest. */
export interface ReleaseInfo {
  key: string;
  name: string;
  userTasks: BpmUserTaskInfo[];
  /** Service task id to the URL it POSTs to. */
  serviceTasks: Record<string, string>;
  /** Every flow node's name and type, for history rows and the monitor. */
  nodes: Record<string, { name: string; type: string }>;
  /** Multi-instance user task id to its element variable (`camunda:elementVariable`). */
  elementVariables: Record<string, string>;
}

/** References release must check against the database: accounts, roles, forms, buttons. */
export interface ReleaseReferences {
  userNames: Map<string, string>;
  roleCodes: Map<string, string>;
  formIds: Map<number, string>;
  buttons: Map<string, string>;
}

/** What the engine runs; anything else in a process is refused at release, named. */
const supportedNodes = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ServiceTask',
  'bpmn:ManualTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SubProcess',
  'bpmn:IntermediateCatchEvent',
  'bpmn:BoundaryEvent',
  'bpmn:SequenceFlow',
]);
const passive = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:DataObjectReference', 'bpmn:DataObject']);
/** Events may carry a timer (catch and boundary events) or end everything (terminate end event), nothing else. */
const supportedDefinitions = new Set(['bpmn:TimerEventDefinition', 'bpmn:TerminateEventDefinition']);
/** Camunda attributes that would run code or call classes we do not have. */
const codeAttributes = ['camunda:class', 'camunda:delegateExpression', 'camunda:expression', 'camunda:resultVariable'];

/** Release refusals are the caller's to fix: 422, the element named. */
const refuse = (key: MessageKey, params: Record<string, string>) => new AppError(422, key, params);

const listOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const elementName = (element: ModdleElement) => (element.name ? `${element.name} (${element.id})` : String(element.id ?? element.$type));

function properties(element: ModdleElement): Map<string, string> {
  const found = new Map<string, string>();
  const extensions = element.extensionElements as ModdleElement | undefined;
  for (const value of (extensions?.values as ModdleElement[] | undefined) ?? []) {
    if (value.$type === 'camunda:Properties') {
      for (const property of (value.values as ModdleElement[] | undefined) ?? []) {
        const name = textOf(property.name);
        if (name) found.set(name, String(property.get('value') ?? ''));
      }
    } else if (value.$type !== 'camunda:InputOutput') {
      // Listeners with scripts or classes, connectors, form fields: code or features the engine does not run.
      throw refuse(value.$type.includes('Listener') ? 'error.bpmScriptRefused' : 'error.bpmUnsupportedElement', {
        element: elementName(element),
        type: value.$type,
      });
    }
  }
  return found;
}

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
  if (formal.language || formal.$type !== 'bpmn:FormalExpression') throw refuse('error.bpmScriptRefused', { element: elementName(owner) });
  const body = textOf(formal.body);
  expressionChecked(owner, body);
  return body;
}

const durationPattern = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

function userTask(element: ModdleElement, props: Map<string, string>): BpmUserTaskInfo {
  const assignee = textOf(element.get('camunda:assignee'));
  const candidateUsers = listOf(element.get('camunda:candidateUsers'));
  const candidateGroups = listOf(element.get('camunda:candidateGroups'));
  const dueDate = textOf(element.get('camunda:dueDate'));
  for (const text of [assignee, ...candidateUsers, ...candidateGroups, dueDate]) expressionChecked(element, text);
  if (dueDate && !hasExpression(dueDate) && !durationPattern.test(dueDate)) {
    throw refuse('error.bpmInvalidDueDate', { element: elementName(element), value: dueDate });
  }
  const loop = element.loopCharacteristics as ModdleElement | undefined;
  let countersign: string | null = null;
  if (loop) {
    const condition = formalExpression(element, loop.completionCondition);
    expressionChecked(element, loop.get('camunda:collection'));
    formalExpression(element, loop.loopCardinality);
    countersign = condition ?? 'all';
  }
  return {
    activityId: String(element.id),
    name: element.name ?? String(element.id),
    assignee,
    candidateUsers,
    candidateGroups,
    formKey: textOf(element.get('camunda:formKey')),
    dueDate,
    buttons: listOf(props.get('buttons')),
    countersign,
  };
}

function walk(container: ModdleElement, info: ReleaseInfo): void {
  for (const element of (container.flowElements as ModdleElement[] | undefined) ?? []) {
    const type = element.$type;
    if (passive.has(type)) continue;
    if (!supportedNodes.has(type)) throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type });
    for (const attribute of codeAttributes) {
      if (element.get(attribute)) throw refuse('error.bpmScriptRefused', { element: elementName(element) });
    }
    const props = properties(element);
    if (type === 'bpmn:SequenceFlow') {
      formalExpression(element, element.conditionExpression);
      continue;
    }
    if ((element.name ?? '').length > maxActivityName) {
      throw refuse('error.bpmNameTooLong', { element: String(element.id), max: String(maxActivityName) });
    }
    info.nodes[String(element.id)] = { name: element.name ?? '', type };
    for (const definition of (element.eventDefinitions as ModdleElement[] | undefined) ?? []) {
      if (!supportedDefinitions.has(definition.$type)) {
        throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type: definition.$type });
      }
      for (const timer of ['timeDuration', 'timeDate', 'timeCycle']) formalExpression(element, definition[timer]);
    }
    if ((type === 'bpmn:IntermediateCatchEvent' || type === 'bpmn:BoundaryEvent') && !(element.eventDefinitions as unknown[])?.length) {
      throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type });
    }
    if (element.loopCharacteristics && type !== 'bpmn:UserTask') {
      throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type: 'bpmn:MultiInstanceLoopCharacteristics' });
    }
    if (type === 'bpmn:UserTask') {
      const task = userTask(element, props);
      info.userTasks.push(task);
      const loop = element.loopCharacteristics as ModdleElement | undefined;
      if (loop) info.elementVariables[task.activityId] = textOf(loop.get('camunda:elementVariable')) ?? 'item';
    }
    if (type === 'bpmn:ServiceTask') {
      const url = props.get('url') ?? '';
      if (!/^https?:\/\/\S+$/.test(url)) throw refuse('error.bpmServiceUrl', { element: elementName(element) });
      info.serviceTasks[String(element.id)] = url;
    }
    if (type === 'bpmn:SubProcess') walk(element, info);
  }
}

const moddle = new BpmnModdle({ camunda });

/** Lengths of the columns names are kept in: the definition's name, history rows' and tasks' activity names. */
const maxProcessName = 100;
const maxActivityName = 200;

/**
 * Refuses what could make the engine run a script outside the executable process: a second process (a message
 * flow or a call would start it), message flows, and script tasks or scripts anywhere, at any depth.
 */
function refuseHiddenCode(roots: ModdleElement[]): void {
  const processes = roots.filter((root) => root.$type === 'bpmn:Process');
  if (processes.length > 1) {
    const [, second] = processes as [ModdleElement, ModdleElement];
    throw refuse('error.bpmUnsupportedElement', { element: elementName(second), type: second.$type });
  }
  for (const root of roots) {
    for (const flow of (root.messageFlows as ModdleElement[] | undefined) ?? []) {
      throw refuse('error.bpmUnsupportedElement', { element: elementName(flow), type: flow.$type });
    }
  }
  const seen = new Set<unknown>();
  const visit = (node: unknown, owner: ModdleElement): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item, owner);
      return;
    }
    const element = node as ModdleElement;
    const type = typeof element.$type === 'string' ? element.$type : '';
    const named = type && element.id ? element : owner;
    if (/script/i.test(type) || (type && element.scriptFormat)) throw refuse('error.bpmScriptRefused', { element: elementName(named) });
    for (const [key, value] of Object.entries(element)) {
      // References point elsewhere in the document (visited there); $parent and $descriptor are moddle's own.
      if (key.startsWith('$') || key.endsWith('Ref') || key.endsWith('Refs')) continue;
      visit(value, named);
    }
  };
  for (const root of roots) visit(root, root);
}

/**
 * Reads a model as Camunda Modeler writes it and refuses, with the element named, what the engine
 * cannot run: other elements and event kinds, scripts (conditions, tasks, listeners), class or
 * expression delegates, expressions outside the safe language, service tasks without an http(s) URL.
 * References to accounts, roles, forms and buttons are checked by `checkReferences`.
 */
export async function readRelease(xml: string): Promise<ReleaseInfo> {
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (error) {
    throw refuse('error.bpmInvalidXml', { reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' });
  }
  const unknown = parsed.warnings.find((warning) => /unknown|unparsable|unresolved/i.test(warning.message));
  if (unknown) throw refuse('error.bpmInvalidXml', { reason: unknown.message.slice(0, 200) });
  const roots = (parsed.rootElement.rootElements as ModdleElement[] | undefined) ?? [];
  for (const root of roots) {
    if (root.$type !== 'bpmn:Process' && root.$type !== 'bpmn:Collaboration') {
      throw refuse('error.bpmUnsupportedElement', { element: elementName(root), type: root.$type });
    }
  }
  const processes = roots.filter((root) => root.$type === 'bpmn:Process' && root.isExecutable !== false);
  const [process] = processes;
  if (!process || processes.length > 1) throw refuse('error.bpmNoProcess', {});
  if ((process.name ?? '').length > maxProcessName) {
    throw refuse('error.bpmNameTooLong', { element: String(process.id), max: String(maxProcessName) });
  }
  const info: ReleaseInfo = {
    key: String(process.id),
    name: process.name ?? String(process.id),
    userTasks: [],
    serviceTasks: {},
    nodes: {},
    elementVariables: {},
  };
  walk(process, info);
  // After the executable process's own checks, which name what is wrong there more precisely.
  refuseHiddenCode(roots);
  return info;
}

/** Accounts, roles, forms and buttons a release names, each with the element that names it. */
export function releaseReferences(info: ReleaseInfo): ReleaseReferences {
  const references: ReleaseReferences = { userNames: new Map(), roleCodes: new Map(), formIds: new Map(), buttons: new Map() };
  for (const task of info.userTasks) {
    const element = `${task.name} (${task.activityId})`;
    for (const userName of [task.assignee, ...task.candidateUsers]) {
      if (userName && !hasExpression(userName)) references.userNames.set(userName, element);
    }
    for (const role of task.candidateGroups) if (!hasExpression(role)) references.roleCodes.set(role, element);
    for (const button of task.buttons) references.buttons.set(button, element);
    if (task.formKey) {
      const formId = /^form:(\d+)$/.exec(task.formKey);
      if (!formId) throw refuse('error.bpmFormNotPublished', { element, form: task.formKey });
      references.formIds.set(Number(formId[1]), element);
    }
  }
  return references;
}
