import { type BpmReleaseWarning, type BpmUserTaskInfo, bpmKeyPattern } from '@qiming/shared';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { type Analysis, activityRules, type ProcessScope, refuse } from './bpmnActivities.ts';
import { refuseHiddenCode } from './bpmnCode.ts';
import { type ActivityForm, cloudFormKey } from './bpmnForms.ts';
import { processXml } from './bpmnProcessXml.ts';
import { hasExpression } from './safeExpression.ts';

/** What release reads from the XML and keeps with the definition: the engine runs the XML, we run the rest. */
export interface ReleaseInfo {
  key: string;
  name: string;
  userTasks: BpmUserTaskInfo[];
  /** Service task id to the URL it POSTs to. */
  serviceTasks: Record<string, string>;
  /** Service task id to the topic external workers fetch it by (`camunda:type="external"`). */
  externalTasks?: Record<string, string>;
  /** Every flow node's name and type, for history rows and the monitor. */
  nodes: Record<string, { name: string; type: string }>;
  /** Multi-instance user task id to its element variable (`camunda:elementVariable`). */
  elementVariables: Record<string, string>;
  /** The process starts on a timer (its start events are scheduled at release, see timerStarts.ts). */
  timerStart?: boolean;
  /** The none start event's form, filled in when the process is started (see bpmnForms.ts). */
  startForm?: ActivityForm;
  /** User task id to its generated form (`camunda:formData`), for tasks without a cloud form. */
  taskForms?: Record<string, ActivityForm>;
}

/** One executable process of a file, ready to become a definition: its XML runs that process only. */
export interface ReleasedProcess {
  info: ReleaseInfo;
  xml: string;
}

/** A file read for release: a definition per executable process, and what was kept but not used. */
export interface ReleasePlan {
  processes: ReleasedProcess[];
  warnings: BpmReleaseWarning[];
  /** Keys call activities name that no process of the file has: other definitions, called by key at run time. */
  calledKeys: string[];
}

/** References release must check against the database: accounts, roles, forms, buttons. */
export interface ReleaseReferences {
  userNames: Map<string, string>;
  roleCodes: Map<string, string>;
  formIds: Map<number, string>;
  buttons: Map<string, string>;
}

/** Root definitions the engine reads (events refer to them); any other root is kept in the file and ignored. */
const usedRoots = new Set(['bpmn:Process', 'bpmn:Collaboration', 'bpmn:Message', 'bpmn:Signal', 'bpmn:Error', 'bpmn:Escalation']);

const moddle = new BpmnModdle({ camunda });

/** Lengths of the columns names are kept in: the definition's name. */
const maxProcessName = 100;

const elementName = (element: ModdleElement) => (element.name ? `${element.name} (${element.id})` : String(element.id ?? element.$type));

/** Moddle's own complaints (unknown attributes, foreign elements, dangling references) are read past, each said once. */
function readerWarnings(messages: string[]): BpmReleaseWarning[] {
  const distinct = new Set(messages.map((message) => message.split('\n')[0]?.slice(0, 200) ?? ''));
  return [...distinct].map((reason) => ({ key: 'warning.bpmReadPast', params: { reason } }));
}

function walkProcess(process: ModdleElement, analysis: Analysis): ReleaseInfo {
  if ((process.name ?? '').length > maxProcessName) {
    throw refuse('error.bpmNameTooLong', { element: String(process.id), max: String(maxProcessName) });
  }
  const info: ReleaseInfo = {
    key: String(process.id),
    name: process.name ?? String(process.id),
    userTasks: [],
    serviceTasks: {},
    externalTasks: {},
    nodes: {},
    elementVariables: {},
  };
  const scope: ProcessScope = { info, calls: new Set() };
  activityRules.extensions(process, analysis);
  activityRules.walk(process, scope, analysis);
  analysis.calls.set(info.key, scope.calls);
  return info;
}

/** Adds what a process calls inside the same file: the engine runs those in the caller's instance, their tasks included. */
function withCalled(info: ReleaseInfo, infos: Map<string, ReleaseInfo>, calls: Map<string, Set<string>>): ReleaseInfo {
  const merged: ReleaseInfo = structuredClone(info);
  const seen = new Set([info.key]);
  const queue = [...(calls.get(info.key) ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const called = infos.get(next);
    if (seen.has(next) || !called) continue;
    seen.add(next);
    merged.userTasks.push(...called.userTasks);
    Object.assign(merged.serviceTasks, called.serviceTasks);
    Object.assign(merged.externalTasks ?? {}, called.externalTasks);
    Object.assign(merged.nodes, called.nodes);
    Object.assign(merged.elementVariables, called.elementVariables);
    if (called.taskForms) merged.taskForms = { ...called.taskForms, ...merged.taskForms };
    queue.push(...(calls.get(next) ?? []));
  }
  return merged;
}

/**
 * Reads a model as Camunda Modeler (or another tool) writes it. Every executable process becomes a
 * definition of its own; non-executable ones, root definitions the engine does not read, unknown
 * attributes and extensions are kept in the file and named in warnings. Refused, with the element named:
 * what would run code on the server (scripts, classes, delegate or method expressions, listeners,
 * connectors), elements the engine cannot run, expressions outside the safe language, service tasks that
 * are neither external tasks nor http(s) calls, and flows or boundary events whose ends are missing.
 */
export async function readReleasePlan(xml: string): Promise<ReleasePlan> {
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (error) {
    throw refuse('error.bpmInvalidXml', { reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' });
  }
  if (parsed.rootElement?.$type !== 'bpmn:Definitions') throw refuse('error.bpmInvalidXml', { reason: 'no bpmn:definitions' });
  const analysis: Analysis = { warnings: readerWarnings(parsed.warnings.map((warning) => warning.message)), calls: new Map() };
  const roots = (parsed.rootElement.rootElements as ModdleElement[] | undefined) ?? [];
  for (const root of roots) {
    if (!usedRoots.has(root.$type))
      analysis.warnings.push({ key: 'warning.bpmIgnoredRoot', params: { element: elementName(root), type: root.$type } });
  }
  const all = roots.filter((root) => root.$type === 'bpmn:Process');
  if (all.length === 0) throw refuse('error.bpmNoProcesses', {});
  const executable = all.filter((process) => process.isExecutable === true);
  if (executable.length === 0) throw refuse('error.bpmNotExecutable', { processes: all.map(elementName).join(', ') });
  for (const process of all) {
    if (process.isExecutable !== true)
      analysis.warnings.push({ key: 'warning.bpmIgnoredProcess', params: { element: elementName(process) } });
  }
  const infos = new Map(executable.map((process) => [String(process.id), walkProcess(process, analysis)]));
  // After the executable processes' own checks, which name what is wrong there more precisely.
  refuseHiddenCode(roots);
  const ids = executable.map((process) => String(process.id));
  const processes: ReleasedProcess[] = [];
  for (const info of infos.values()) {
    processes.push({ info: withCalled(info, infos, analysis.calls), xml: ids.length === 1 ? xml : await processXml(xml, info.key, ids) });
  }
  const inFile = new Set(all.map((process) => String(process.id)));
  const called = [...analysis.calls.values()].flatMap((keys) => [...keys]);
  const calledKeys = [...new Set(called.filter((key) => !inFile.has(key) && !hasExpression(key)))];
  return { processes, warnings: dedupe(analysis.warnings), calledKeys };
}

const dedupe = (warnings: BpmReleaseWarning[]) => {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const text = JSON.stringify(warning);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
};

/**
 * The key and name a file is imported under: its first executable process, else its first process. Import
 * only needs a readable file with a process, so a model holding what release refuses (a Java class, say)
 * can be opened in the modeller and made releasable there.
 */
export async function readModelIdentity(xml: string): Promise<{ key: string; name: string }> {
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (error) {
    throw refuse('error.bpmInvalidXml', { reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' });
  }
  const processes = ((parsed.rootElement?.rootElements as ModdleElement[] | undefined) ?? []).filter(
    (root) => root.$type === 'bpmn:Process',
  );
  const process = processes.find((candidate) => candidate.isExecutable === true) ?? processes[0];
  if (!process) throw refuse('error.bpmNoProcesses', {});
  const key = String(process.id);
  if (!bpmKeyPattern.test(key)) throw refuse('error.bpmProcessIdNotKey', { processId: key.slice(0, 100) });
  return { key, name: (process.name ?? key).slice(0, maxProcessName) };
}

/** The first executable process of a file (the one a single-process model is about). */
export async function readRelease(xml: string): Promise<ReleaseInfo> {
  const [first] = (await readReleasePlan(xml)).processes;
  if (!first) throw refuse('error.bpmNoProcesses', {});
  return first.info;
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
      if (formId) references.formIds.set(Number(formId[1]), element);
    }
  }
  const startFormId = info.startForm?.formKey ? cloudFormKey.exec(info.startForm.formKey) : null;
  if (startFormId) references.formIds.set(Number(startFormId[1]), info.key);
  return references;
}

/**
 * The release without the accounts and roles that do not exist. Camunda takes an assignee as a name (its
 * examples name `demo` and `kermit`); here a task naming nobody who exists goes to the task administrators,
 * as a task naming nobody does, instead of to an account nobody can sign in as.
 */
export function withoutUnknown(info: ReleaseInfo, userNames: Set<string>, roleCodes: Set<string>): ReleaseInfo {
  return {
    ...info,
    userTasks: info.userTasks.map((task) => ({
      ...task,
      assignee: task.assignee && userNames.has(task.assignee) ? null : task.assignee,
      candidateUsers: task.candidateUsers.filter((name) => !userNames.has(name)),
      candidateGroups: task.candidateGroups.filter((code) => !roleCodes.has(code)),
    })),
  };
}
