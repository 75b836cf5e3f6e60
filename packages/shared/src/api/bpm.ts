import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, ruledString } from '../validation/zod.ts';
import type { FormSchema } from './forms.ts';

/**
 * The workflow (BPM) suite's API (issue 10), under `/api/admin/bpm/`. Camunda 7's REST names where
 * they exist (definitionKey, businessKey, variables, assignee, candidate users and groups).
 * Variables and form values travel as JSON; everything else may also come form-encoded.
 */

/** A BPMN id: the process's id is the definition's key, an activity's id names it in the diagram. */
export const bpmKeyPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const bpmKey = z.string().regex(bpmKeyPattern, 'validation.identifier');

/** Process variables: a JSON object of names to JSON values. */
export const bpmVariables = z.record(z.string().max(64), z.unknown());
export type BpmVariables = z.infer<typeof bpmVariables>;

// ---------------------------------------------------------------- states and the transition table

/** An instance runs until it completes or is terminated; running and suspended alternate (hang up, recover). */
export const instanceStates = ['running', 'suspended', 'completed', 'terminated'] as const;
export type InstanceState = (typeof instanceStates)[number];

/** Actions on a whole instance: hang up (suspend), recover (activate), terminate, delete. */
export const instanceActions = ['suspend', 'activate', 'terminate', 'delete'] as const;
export type InstanceAction = (typeof instanceActions)[number];

/** An activity (one visit of a BPMN node) is active, then completed, interrupted, or terminated with its instance. */
export const activityStates = ['active', 'completed', 'interrupted', 'terminated'] as const;
export type ActivityState = (typeof activityStates)[number];

export const activityActions = ['interrupt'] as const;
export type ActivityAction = (typeof activityActions)[number];

/** A user task is open until it ends; `outcome` says how it ended. */
export const taskStatuses = ['open', 'closed'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** How a task ended: completed by its assignee, recalled, returned, interrupted, or closed with its instance or a countersign. */
export const taskOutcomes = ['completed', 'recalled', 'returned', 'interrupted', 'terminated', 'skipped'] as const;
export type TaskOutcome = (typeof taskOutcomes)[number];

// ---------------------------------------------------------------- models

export const bpmModelRules = {
  name: requiredText({ max: 100 }),
  category: optionalText({ max: 50 }),
  description: optionalText({ max: 500 }),
};

/** A BPMN 2.0 document as Camunda Modeler writes it; 1 MB is far beyond any hand-made process. */
const bpmnXml = z.string().min(1, 'validation.notEmpty').max(1_000_000);

/** A draft model; `key` must be the id of the XML's executable process (checked at release). */
export const bpmModelInput = z.object({
  key: bpmKey,
  name: ruledString(bpmModelRules.name),
  category: ruledString(bpmModelRules.category),
  description: ruledString(bpmModelRules.description),
  xml: bpmnXml,
});
export type BpmModelInput = z.infer<typeof bpmModelInput>;

/** XML import: a new model whose key and name come from the XML's process (its id and name). */
export const bpmModelImport = z.object({ xml: bpmnXml, category: ruledString(bpmModelRules.category).optional() });
export type BpmModelImport = z.infer<typeof bpmModelImport>;

export const bpmModelSortable = ['key', 'name', 'updatedAt'] as const;
export const bpmModelSearch = z.object({ key: z.string().max(64).optional(), name: z.string().max(100).optional() });
export type BpmModelSearch = z.infer<typeof bpmModelSearch>;

export interface BpmModel {
  id: number;
  key: string;
  name: string;
  category: string;
  description: string;
  /** Only in answers about one model (GET /models/:id, create, edit). */
  xml?: string;
  /** The newest version released from this model, null while never released. */
  latestVersion: number | null;
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
}

// ---------------------------------------------------------------- definitions

/** What release keeps of a user task for running it and for the pages (buttons, form). */
export interface BpmUserTaskInfo {
  activityId: string;
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  /** `form:<formId>` naming a published cloud form, or null. */
  formKey: string | null;
  /** An ISO 8601 duration counted in working days (`P3D`), or null. */
  dueDate: string | null;
  /** Plugin button codes offered on the task, in order (extension property `buttons`, comma separated). */
  buttons: string[];
  /** `all`, `any`, or a ratio like `0.6` for a multi-instance (countersign) task, null otherwise. */
  countersign: string | null;
}

export interface BpmDefinition {
  id: number;
  key: string;
  name: string;
  version: number;
  modelId: number | null;
  category: string;
  suspended: boolean;
  deployedAt: number;
  deployedBy: string;
  userTasks: BpmUserTaskInfo[];
}

/** Something release read past or a consequence the designer should know, as a catalogue message. */
export interface BpmReleaseWarning {
  key: MessageKey;
  params: Record<string, string>;
}

/** POST /models/:id/release: the model's definition, the file's other executable processes, warnings in the caller's language. */
export interface BpmRelease extends BpmDefinition {
  others: BpmDefinition[];
  warnings: string[];
}

export const bpmDefinitionSortable = ['key', 'version', 'deployedAt'] as const;
export const bpmDefinitionSearch = z.object({
  key: z.string().max(64).optional(),
  name: z.string().max(100).optional(),
  /** Only the newest version of each key. */
  latestOnly: formFlag(false).optional(),
  suspended: formFlag().optional(),
});
export type BpmDefinitionSearch = z.infer<typeof bpmDefinitionSearch>;

/** GET /definitions/:id/xml, as Camunda answers it. */
export interface BpmDefinitionXml {
  id: number;
  key: string;
  version: number;
  bpmn20Xml: string;
}

// ---------------------------------------------------------------- instances

export const startInstanceInput = z.object({
  definitionKey: bpmKey,
  businessKey: z.string().max(100).optional().default(''),
  variables: bpmVariables.optional().default({}),
  /** The start form's values when the start event has a form (see BpmForm); they are checked and kept as variables. */
  values: bpmVariables.optional(),
});
export type StartInstanceInput = z.infer<typeof startInstanceInput>;

export const bpmInstanceSortable = ['startedAt', 'endedAt'] as const;
export const bpmInstanceSearch = z.object({
  definitionKey: z.string().max(64).optional(),
  businessKey: z.string().max(100).optional(),
  state: z.enum(instanceStates).optional(),
  startedBy: z.string().max(50).optional(),
});
export type BpmInstanceSearch = z.infer<typeof bpmInstanceSearch>;

export interface BpmInstance {
  id: number;
  definitionId: number;
  definitionKey: string;
  definitionName: string;
  definitionVersion: number;
  businessKey: string;
  state: InstanceState;
  startedBy: string;
  startedAt: number;
  endedAt: number | null;
  /** Optimistic version: every command on the instance moves it on. */
  version: number;
  /** What the transition table allows now. */
  actions: InstanceAction[];
}

/** One visit of a BPMN node, the monitor's history. */
export interface BpmActivity {
  id: number;
  activityId: string;
  activityName: string;
  activityType: string;
  state: ActivityState;
  startedAt: number;
  endedAt: number | null;
  /** The user task's id, for user tasks. */
  taskId: number | null;
  actions: ActivityAction[];
}

export interface BpmComment {
  id: number;
  instanceId: number;
  taskId: number | null;
  activityName: string;
  userName: string;
  message: string;
  createdAt: number;
}

export interface BpmInstanceDetail extends BpmInstance {
  variables: BpmVariables;
  activities: BpmActivity[];
  tasks: BpmTask[];
  comments: BpmComment[];
}

/** The diagram with the path marked: ids of nodes active now and of nodes passed (and the flows taken). */
export interface BpmInstanceDiagram {
  bpmn20Xml: string;
  active: string[];
  completed: string[];
}

// ---------------------------------------------------------------- tasks

export interface BpmTask {
  id: number;
  instanceId: number;
  definitionKey: string;
  definitionName: string;
  businessKey: string;
  activityId: string;
  name: string;
  /** User name of the account it is assigned to, null while it waits to be claimed. */
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey: string | null;
  /** The cloud form and the version current when the task was created. */
  formId: number | null;
  formVersion: number | null;
  dueAt: number | null;
  createdAt: number;
  claimedAt: number | null;
  endedAt: number | null;
  status: TaskStatus;
  outcome: TaskOutcome | null;
  /** The plugin button pressed to complete it, if any. */
  button: string | null;
}

/** GET /tasks/:id: the task with what its page shows and offers. */
export interface BpmTaskDetail extends BpmTask {
  variables: BpmVariables;
  form: FormSchema | null;
  buttons: BpmPluginButton[];
  comments: BpmComment[];
  /** User tasks already passed in the instance that the task may be returned to. */
  returnTargets: Array<{ activityId: string; name: string }>;
}

export const bpmTaskSortable = ['createdAt', 'dueAt', 'endedAt'] as const;
export const bpmTaskSearch = z.object({
  definitionKey: z.string().max(64).optional(),
  name: z.string().max(100).optional(),
  businessKey: z.string().max(100).optional(),
});
export type BpmTaskSearch = z.infer<typeof bpmTaskSearch>;

/**
 * Completing a task: process variables, or the task form's values (checked against the form's version
 * on the task, then kept as variables under their field keys), a plugin button and a comment.
 */
export const completeTaskInput = z.object({
  variables: bpmVariables.optional().default({}),
  values: bpmVariables.optional(),
  button: z.string().max(50).optional(),
  comment: z.string().max(1000).optional().default(''),
});
export type CompleteTaskInput = z.infer<typeof completeTaskInput>;

/** Re-assign: the account (by user name) that takes the task over. */
export const assignTaskInput = z.object({ userName: z.string().min(1, 'validation.notEmpty').max(50) });
export type AssignTaskInput = z.infer<typeof assignTaskInput>;

/** Return to an earlier user task of the same instance. */
export const returnTaskInput = z.object({ activityId: bpmKey, comment: z.string().max(1000).optional().default('') });
export type ReturnTaskInput = z.infer<typeof returnTaskInput>;

export const commentInput = z.object({ message: z.string().trim().min(1, 'validation.notEmpty').max(1000) });
export type CommentInput = z.infer<typeof commentInput>;

// ---------------------------------------------------------------- pickers

/**
 * The modeller's assignee and candidate pickers (GET /models/lookup/accounts and /roles) and the
 * re-assign dialog's (GET /tasks/lookup/accounts): part of a name, user name or role code.
 */
export const bpmLookupQuery = z.object({
  text: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type BpmLookupQuery = z.infer<typeof bpmLookupQuery>;

/** An account (value: its user name, label: its name) or a role (value: its code, label: its name), as BPMN names them. */
export interface BpmLookupOption {
  value: string;
  label: string;
}

// ---------------------------------------------------------------- participants

/** Who may start a definition: an account (user name), a role (role code) or an organ (id, its sub-organs included). */
export const participantKinds = ['account', 'role', 'organ'] as const;
export type ParticipantKind = (typeof participantKinds)[number];

export const participantInput = z.object({
  definitionKey: bpmKey,
  kind: z.enum(participantKinds),
  ref: z.string().min(1, 'validation.notEmpty').max(64),
});
export type ParticipantInput = z.infer<typeof participantInput>;

export interface BpmParticipant {
  id: number;
  definitionKey: string;
  kind: ParticipantKind;
  ref: string;
  /** The account's, role's or organ's name; empty when it no longer exists. */
  refName: string;
  createdAt: number;
}

export const participantSearch = z.object({ definitionKey: z.string().max(64).optional(), kind: z.enum(participantKinds).optional() });
export type ParticipantSearch = z.infer<typeof participantSearch>;

// ---------------------------------------------------------------- listeners

export const listenerScopes = ['execution', 'task'] as const;
export type ListenerScope = (typeof listenerScopes)[number];
/** Execution listeners hear start and end (of the process or an activity); task listeners create, assignment, complete. */
export const listenerEvents = { execution: ['start', 'end'], task: ['create', 'assignment', 'complete'] } as const;
export type ListenerEvent = (typeof listenerEvents)[ListenerScope][number];
/** Call an HTTP endpoint (POST JSON, outbound allow-list) or write a log entry. */
export const listenerKinds = ['http', 'log'] as const;
export type ListenerKind = (typeof listenerKinds)[number];

export const listenerInput = z
  .object({
    definitionKey: bpmKey,
    /** The activity it listens on; empty for the whole process (execution) or every user task (task). */
    activityId: z
      .union([bpmKey, z.literal('')])
      .optional()
      .default(''),
    scope: z.enum(listenerScopes),
    event: z.enum(['start', 'end', 'create', 'assignment', 'complete']),
    kind: z.enum(listenerKinds),
    url: z.string().max(500).optional().default(''),
    enabled: formFlag(true),
  })
  .superRefine((value, context) => {
    if (!(listenerEvents[value.scope] as readonly string[]).includes(value.event)) {
      context.addIssue({ code: 'custom', path: ['event'], message: 'validation.selectRequired' });
    }
    if (value.kind === 'http' && !/^https?:\/\/\S+$/.test(value.url)) {
      context.addIssue({ code: 'custom', path: ['url'], message: 'validation.url' });
    }
  });
export type ListenerInput = z.infer<typeof listenerInput>;

export interface BpmListener {
  id: number;
  definitionKey: string;
  activityId: string;
  scope: ListenerScope;
  event: ListenerEvent;
  kind: ListenerKind;
  url: string;
  enabled: boolean;
  createdAt: number;
}

export const listenerSearch = z.object({ definitionKey: z.string().max(64).optional(), scope: z.enum(listenerScopes).optional() });
export type ListenerSearch = z.infer<typeof listenerSearch>;

/** A log entry a `log` listener wrote, or what an `http` listener's call answered. */
export interface BpmListenerLog {
  id: number;
  listenerId: number | null;
  instanceId: number;
  activityId: string;
  event: string;
  message: string;
  createdAt: number;
}

// ---------------------------------------------------------------- plugin types and buttons

export const pluginTypeInput = z.object({
  code: bpmKey,
  name: ruledString(requiredText({ max: 50 })),
  description: ruledString(optionalText({ max: 200 })),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export type PluginTypeInput = z.infer<typeof pluginTypeInput>;

export interface BpmPluginType {
  id: number;
  code: string;
  name: string;
  description: string;
  sort: number;
}

/**
 * What pressing a button does to the task: complete it (with the button's variables, e.g.
 * `{"approved": false}` for reject), return it to an earlier task, or transfer it to another account.
 */
export const pluginButtonActions = ['complete', 'return', 'transfer'] as const;
export type PluginButtonAction = (typeof pluginButtonActions)[number];

export const pluginButtonInput = z.object({
  code: bpmKey,
  name: ruledString(requiredText({ max: 50 })),
  typeCode: bpmKey,
  action: z.enum(pluginButtonActions),
  /** Variables set when the button completes a task, as a JSON object (text in a form body). */
  variables: z.preprocess((value) => {
    if (typeof value !== 'string') return value ?? {};
    try {
      return value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      return value;
    }
  }, bpmVariables),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: formFlag(true),
});
export type PluginButtonInput = z.infer<typeof pluginButtonInput>;

export interface BpmPluginButton {
  id: number;
  code: string;
  name: string;
  typeCode: string;
  action: PluginButtonAction;
  variables: BpmVariables;
  sort: number;
  enabled: boolean;
}

export const pluginSearch = z.object({ code: z.string().max(64).optional(), name: z.string().max(50).optional() });
export type PluginSearch = z.infer<typeof pluginSearch>;

// ---------------------------------------------------------------- statistics

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalidValue');

/** Months from..to inclusive (YYYY-MM, UTC); at most 24 months. */
export const bpmStatisticsQuery = z.object({
  definitionKey: z.string().max(64).optional(),
  from: month,
  to: month,
});
export type BpmStatisticsQuery = z.infer<typeof bpmStatisticsQuery>;

/** Durations in milliseconds over the instances (activities) that ended in the month. */
export interface BpmDurationFigures {
  month: string;
  /** Started in the month. */
  started: number;
  /** Ended in the month (completed for instances and activities). */
  ended: number;
  avgMs: number | null;
  p90Ms: number | null;
}

export interface BpmDefinitionStatistics extends BpmDurationFigures {
  definitionKey: string;
  definitionName: string;
}

export interface BpmActivityStatistics extends BpmDurationFigures {
  definitionKey: string;
  activityId: string;
  activityName: string;
}

export interface BpmStatistics {
  definitions: BpmDefinitionStatistics[];
  activities: BpmActivityStatistics[];
}
