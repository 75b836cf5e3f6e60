import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, ruledString } from '../validation/zod.ts';
import { formSchema } from './forms.ts';

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

export const bpmModel = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** Only in answers about one model (GET /models/:id, create, edit). */
  xml: z.string().optional(),
  /** The newest version released from this model, null while never released. */
  latestVersion: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type BpmModel = z.infer<typeof bpmModel>;

// ---------------------------------------------------------------- definitions

/** What release keeps of a user task for running it and for the pages (buttons, form). */
export const bpmUserTaskInfo = z.object({
  activityId: z.string(),
  name: z.string(),
  assignee: z.string().nullable(),
  candidateUsers: z.array(z.string()),
  candidateGroups: z.array(z.string()),
  /** `form:<formId>` naming a published cloud form, or null. */
  formKey: z.string().nullable(),
  /** An ISO 8601 duration counted in working days (`P3D`), or null. */
  dueDate: z.string().nullable(),
  /** Plugin button codes offered on the task, in order (extension property `buttons`, comma separated). */
  buttons: z.array(z.string()),
  /** `all`, `any`, or a ratio like `0.6` for a multi-instance (countersign) task, null otherwise. */
  countersign: z.string().nullable(),
});
export type BpmUserTaskInfo = z.infer<typeof bpmUserTaskInfo>;

export const bpmDefinition = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  version: z.number().int(),
  modelId: z.number().int().nullable(),
  category: z.string(),
  suspended: z.boolean(),
  deployedAt: z.number().int(),
  deployedBy: z.string(),
  userTasks: z.array(bpmUserTaskInfo),
});
export type BpmDefinition = z.infer<typeof bpmDefinition>;

/** Something release read past or a consequence the designer should know, as a catalogue message. */
export interface BpmReleaseWarning {
  key: MessageKey;
  params: Record<string, string>;
}

/** POST /models/:id/release: the model's definition, the file's other executable processes, warnings in the caller's language. */
export const bpmRelease = bpmDefinition.extend({ others: z.array(bpmDefinition), warnings: z.array(z.string()) });
export type BpmRelease = z.infer<typeof bpmRelease>;

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
export const bpmDefinitionXml = z.object({ id: z.number().int(), key: z.string(), version: z.number().int(), bpmn20Xml: z.string() });
export type BpmDefinitionXml = z.infer<typeof bpmDefinitionXml>;

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

export const bpmInstance = z.object({
  id: z.number().int(),
  definitionId: z.number().int(),
  definitionKey: z.string(),
  definitionName: z.string(),
  definitionVersion: z.number().int(),
  businessKey: z.string(),
  state: z.enum(instanceStates),
  startedBy: z.string(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  /** Optimistic version: every command on the instance moves it on. */
  version: z.number().int(),
  /** What the transition table allows now. */
  actions: z.array(z.enum(instanceActions)),
});
export type BpmInstance = z.infer<typeof bpmInstance>;

/** An incident a command ran into at an element, the instance staying where it was. */
export const bpmIncidentNote = z.object({ element: z.string(), message: z.string() });

/** POST /instances: the instance started, with the incident its first steps ran into, if any. */
export const bpmStartedInstance = bpmInstance.extend({ incident: bpmIncidentNote.nullable() });
export type BpmStartedInstance = z.infer<typeof bpmStartedInstance>;

/** One visit of a BPMN node, the monitor's history. */
export const bpmActivity = z.object({
  id: z.number().int(),
  activityId: z.string(),
  activityName: z.string(),
  activityType: z.string(),
  state: z.enum(activityStates),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  /** The user task's id, for user tasks. */
  taskId: z.number().int().nullable(),
  actions: z.array(z.enum(activityActions)),
});
export type BpmActivity = z.infer<typeof bpmActivity>;

export const bpmComment = z.object({
  id: z.number().int(),
  instanceId: z.number().int(),
  taskId: z.number().int().nullable(),
  activityName: z.string(),
  userName: z.string(),
  message: z.string(),
  createdAt: z.number().int(),
});
export type BpmComment = z.infer<typeof bpmComment>;

/** A stop of an instance at an element that a retry or a resolve ends, as Camunda's incidents. */
export const bpmIncident = z.object({
  id: z.number().int(),
  instanceId: z.number().int(),
  definitionKey: z.string(),
  elementId: z.string(),
  elementType: z.string(),
  executionId: z.string().nullable(),
  kind: z.string(),
  message: z.string(),
  state: z.enum(['open', 'resolved']),
  retries: z.number().int(),
  createdAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  resolvedBy: z.string().nullable(),
  /** On a call activity: the called instance's incident this one shows (resolved with it), as Camunda's cause. */
  causeIncidentId: z.number().int().nullable(),
});
export type BpmIncident = z.infer<typeof bpmIncident>;

/** An instance a call activity started: shown on its caller's page. */
export const bpmChildInstance = z.object({
  id: z.number().int(),
  definitionKey: z.string(),
  state: z.string(),
  /** The call activity's execution in the caller. */
  parentExecutionId: z.string(),
});
export type BpmChildInstance = z.infer<typeof bpmChildInstance>;

/** The diagram with the path marked: ids of nodes active now and of nodes passed (and the flows taken). */
export const bpmInstanceDiagram = z.object({ bpmn20Xml: z.string(), active: z.array(z.string()), completed: z.array(z.string()) });
export type BpmInstanceDiagram = z.infer<typeof bpmInstanceDiagram>;

// ---------------------------------------------------------------- tasks

export const bpmTask = z.object({
  id: z.number().int(),
  instanceId: z.number().int(),
  definitionKey: z.string(),
  definitionName: z.string(),
  businessKey: z.string(),
  activityId: z.string(),
  name: z.string(),
  /** User name of the account it is assigned to, null while it waits to be claimed. */
  assignee: z.string().nullable(),
  candidateUsers: z.array(z.string()),
  candidateGroups: z.array(z.string()),
  formKey: z.string().nullable(),
  /** The cloud form and the version current when the task was created. */
  formId: z.number().int().nullable(),
  formVersion: z.number().int().nullable(),
  dueAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  claimedAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  status: z.enum(taskStatuses),
  outcome: z.enum(taskOutcomes).nullable(),
  /** The plugin button pressed to complete it, if any. */
  button: z.string().nullable(),
});
export type BpmTask = z.infer<typeof bpmTask>;

/** GET /instances/:id: the instance with its variables, history, tasks, comments, called instances and incidents. */
export const bpmInstanceDetail = bpmInstance.extend({
  variables: bpmVariables,
  activities: z.array(bpmActivity),
  tasks: z.array(bpmTask),
  comments: z.array(bpmComment),
  /** The instance whose call activity started this one, null for a top-level instance. */
  parentInstanceId: z.number().int().nullable(),
  children: z.array(bpmChildInstance),
  incidents: z.array(bpmIncident),
});
export type BpmInstanceDetail = z.infer<typeof bpmInstanceDetail>;

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
export const bpmLookupOption = z.object({ value: z.string(), label: z.string() });
export type BpmLookupOption = z.infer<typeof bpmLookupOption>;

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

export const bpmParticipant = z.object({
  id: z.number().int(),
  definitionKey: z.string(),
  kind: z.enum(participantKinds),
  ref: z.string(),
  /** The account's, role's or organ's name; empty when it no longer exists. */
  refName: z.string(),
  createdAt: z.number().int(),
});
export type BpmParticipant = z.infer<typeof bpmParticipant>;
/** What adding or changing a participant answers: the participant as given, with its id. */
export const bpmParticipantSaved = bpmParticipant.omit({ refName: true, createdAt: true });

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

export const bpmListener = z.object({
  id: z.number().int(),
  definitionKey: z.string(),
  activityId: z.string(),
  scope: z.enum(listenerScopes),
  event: z.enum(['start', 'end', 'create', 'assignment', 'complete']),
  kind: z.enum(listenerKinds),
  url: z.string(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
}) satisfies z.ZodType<{ event: ListenerEvent }>;
export type BpmListener = z.infer<typeof bpmListener>;
/** What adding or changing a listener answers: the listener as given, with its id. */
export const bpmListenerSaved = bpmListener.omit({ createdAt: true });

export const listenerSearch = z.object({ definitionKey: z.string().max(64).optional(), scope: z.enum(listenerScopes).optional() });
export type ListenerSearch = z.infer<typeof listenerSearch>;

/** A log entry a `log` listener wrote, or what an `http` listener's call answered. */
export const bpmListenerLog = z.object({
  id: z.number().int(),
  listenerId: z.number().int().nullable(),
  instanceId: z.number().int(),
  activityId: z.string(),
  event: z.string(),
  message: z.string(),
  createdAt: z.number().int(),
});
export type BpmListenerLog = z.infer<typeof bpmListenerLog>;

// ---------------------------------------------------------------- plugin types and buttons

export const pluginTypeInput = z.object({
  code: bpmKey,
  name: ruledString(requiredText({ max: 50 })),
  description: ruledString(optionalText({ max: 200 })),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export type PluginTypeInput = z.infer<typeof pluginTypeInput>;

export const bpmPluginType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
});
export type BpmPluginType = z.infer<typeof bpmPluginType>;

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

export const bpmPluginButton = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  typeCode: z.string(),
  action: z.enum(pluginButtonActions),
  variables: bpmVariables,
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type BpmPluginButton = z.infer<typeof bpmPluginButton>;

/** GET /tasks/:id: the task with what its page shows and offers. */
export const bpmTaskDetail = bpmTask.extend({
  variables: bpmVariables,
  form: formSchema.nullable(),
  buttons: z.array(bpmPluginButton),
  comments: z.array(bpmComment),
  /** User tasks already passed in the instance that the task may be returned to. */
  returnTargets: z.array(z.object({ activityId: z.string(), name: z.string() })),
});
export type BpmTaskDetail = z.infer<typeof bpmTaskDetail>;

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
export const bpmDurationFigures = z.object({
  month: z.string(),
  /** Started in the month. */
  started: z.number().int(),
  /** Ended in the month (completed for instances and activities). */
  ended: z.number().int(),
  avgMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
});
export type BpmDurationFigures = z.infer<typeof bpmDurationFigures>;

export const bpmDefinitionStatistics = bpmDurationFigures.extend({ definitionKey: z.string(), definitionName: z.string() });
export type BpmDefinitionStatistics = z.infer<typeof bpmDefinitionStatistics>;

export const bpmActivityStatistics = bpmDurationFigures.extend({
  definitionKey: z.string(),
  activityId: z.string(),
  activityName: z.string(),
});
export type BpmActivityStatistics = z.infer<typeof bpmActivityStatistics>;

/** Incidents per definition key: raised in the period asked, and open now. */
export const bpmIncidentStatistics = z.object({ definitionKey: z.string(), raised: z.number().int(), open: z.number().int() });
export type BpmIncidentStatistics = z.infer<typeof bpmIncidentStatistics>;

export const bpmStatistics = z.object({
  definitions: z.array(bpmDefinitionStatistics),
  activities: z.array(bpmActivityStatistics),
  incidents: z.array(bpmIncidentStatistics),
});
export type BpmStatistics = z.infer<typeof bpmStatistics>;

// ---------------------------------------------------------------- events

/** POST /api/bpm/message: each instance or message start the message reached, as Camunda's MessageCorrelationResult. */
export const bpmCorrelation = z.object({
  resultType: z.enum(['Execution', 'ProcessDefinition']),
  processInstanceId: z.number().int(),
  definitionKey: z.string(),
  elementId: z.string(),
  /** An incident the message ran into at the element named, the instance staying where it was. */
  incident: bpmIncidentNote.nullable(),
});
export type BpmCorrelation = z.infer<typeof bpmCorrelation>;

/** POST /api/bpm/signal: the instances a signal reached. */
export const bpmSignalResult = z.object({
  /** Instances a waiting catch of which took the signal. */
  delivered: z.array(z.number().int()),
  /** Instances the signal started. */
  started: z.array(z.number().int()),
  /** Instances the signal ran into an incident in. */
  incidents: z.array(z.number().int()),
});
export type BpmSignalResult = z.infer<typeof bpmSignalResult>;
