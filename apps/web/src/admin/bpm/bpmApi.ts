import type {
  BpmDefinition,
  BpmDefinitionXml,
  BpmInstance,
  BpmInstanceDetail,
  BpmInstanceDiagram,
  BpmLookupOption,
  BpmModel,
  BpmModelInput,
  BpmPluginButton,
  BpmPluginType,
  BpmStatistics,
  BpmStatisticsQuery,
  BpmTask,
  BpmTaskDetail,
  BpmVariables,
  CompleteTaskInput,
  PageResult,
} from '@qiming/shared';
import { http, jsonBody, RequestError, request } from '../../core/request/client.ts';

/** Paths under `/api` of the workflow suite (packages/shared/src/api/bpm.ts). */
export const bpmPaths = {
  models: '/admin/bpm/models',
  definitions: '/admin/bpm/definitions',
  instances: '/admin/bpm/instances',
  tasks: '/admin/bpm/tasks',
  todo: '/admin/bpm/tasks/todo',
  done: '/admin/bpm/tasks/done',
  startable: '/admin/bpm/tasks/startable',
  participants: '/admin/bpm/participants',
  listeners: '/admin/bpm/listeners',
  pluginButtons: '/admin/bpm/plugin-buttons',
  pluginTypes: '/admin/bpm/plugin-types',
  statistics: '/admin/bpm/statistics',
} as const;

type Problems = Array<{ field: string; message: string }>;

/** The form's problems of a refused start or completion (422), each for its field; other refusals are thrown. */
export async function problemsOf(call: () => Promise<unknown>): Promise<Problems | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    const problems =
      error instanceof RequestError && error.code === 422
        ? (error.data as { data?: { problems?: Problems } } | undefined)?.data?.problems
        : undefined;
    if (problems) return problems;
    throw error;
  }
}

/** An instance as monitoring shows it: with its incidents, the instance that called it and those it called. */
export type BpmInstanceRuntime = BpmInstanceDetail;

/** The workflow suite's calls; pages never speak HTTP themselves. XML, variables and form values go as JSON. */
export const bpmApi = {
  model: (id: number) => http.get<BpmModel>(`${bpmPaths.models}/${id}`),
  createModel: (input: BpmModelInput) => http.postJson<BpmModel>(bpmPaths.models, input),
  updateModel: (id: number, input: BpmModelInput) => http.putJson<BpmModel>(`${bpmPaths.models}/${id}`, input),
  importModel: (xml: string) => http.postJson<BpmModel>(`${bpmPaths.models}/import`, { xml }),
  releaseModel: (id: number) => http.post<BpmDefinition>(`${bpmPaths.models}/${id}/release`),
  /** The model as the BPMN 2.0 file the server names (`model:export`). */
  exportModel: (id: number) => http.download(`${bpmPaths.models}/${id}/xml`),

  definitions: (query: Record<string, unknown>) => http.get<PageResult<BpmDefinition>>(bpmPaths.definitions, query),
  definitionXml: (id: number) => http.get<BpmDefinitionXml>(`${bpmPaths.definitions}/${id}/xml`),
  suspendDefinition: (id: number) => http.post<BpmDefinition>(`${bpmPaths.definitions}/${id}/suspend`),
  activateDefinition: (id: number) => http.post<BpmDefinition>(`${bpmPaths.definitions}/${id}/activate`),

  startInstance: (definitionKey: string, businessKey: string, variables: BpmVariables) =>
    http.postJson<BpmInstance>(bpmPaths.instances, { definitionKey, businessKey, variables }),
  instance: (id: number) => http.get<BpmInstanceRuntime>(`${bpmPaths.instances}/${id}`),
  /** Runs what an incident stopped again, `variables` set first (`instance:incident`). */
  retryIncident: (id: number, variables: BpmVariables) =>
    http.postJson<BpmInstanceRuntime>(`/admin/bpm/incidents/${id}/retry`, { variables }),
  resolveIncident: (id: number) => http.post<BpmInstanceRuntime>(`/admin/bpm/incidents/${id}/resolve`),
  /** Monitoring's re-assignment of any open task; null gives it back to its candidates (`task:admin`). */
  reassignTask: (instanceId: number, taskId: number, userName: string | null) =>
    http.postJson<BpmTask>(`${bpmPaths.instances}/${instanceId}/tasks/${taskId}/assignee`, { userName }),
  instanceDiagram: (id: number) => http.get<BpmInstanceDiagram>(`${bpmPaths.instances}/${id}/diagram`),
  instanceAction: (id: number, action: 'suspend' | 'activate' | 'terminate') =>
    http.post<BpmInstance>(`${bpmPaths.instances}/${id}/${action}`),
  deleteInstance: (id: number) => http.post<unknown>(`${bpmPaths.instances}/delete`, { ids: [id] }),
  interruptActivity: (id: number, activityId: string) =>
    http.post<BpmInstance>(`${bpmPaths.instances}/${id}/activities/${encodeURIComponent(activityId)}/interrupt`),

  /** Definitions the signed-in user may start (participants), newest versions. */
  startable: () => http.get<BpmDefinition[]>(bpmPaths.startable),
  task: (id: number) => http.get<BpmTaskDetail>(`${bpmPaths.tasks}/${id}`),
  /** The task's instance diagram with its path marked, for whoever may read the task (`task:view`). */
  taskDiagram: (id: number) => http.poll<BpmInstanceDiagram>(`${bpmPaths.tasks}/${id}/diagram`),
  claim: (id: number) => http.post<BpmTask>(`${bpmPaths.tasks}/${id}/claim`),
  unclaim: (id: number) => http.post<BpmTask>(`${bpmPaths.tasks}/${id}/unclaim`),
  assign: (id: number, userName: string) => http.post<BpmTask>(`${bpmPaths.tasks}/${id}/assignee`, { userName }),
  recall: (id: number) => http.post<BpmTask>(`${bpmPaths.tasks}/${id}/recall`),
  returnTo: (id: number, activityId: string, comment: string) =>
    http.post<BpmTask>(`${bpmPaths.tasks}/${id}/return`, { activityId, comment }),
  /** Answers the form's problems of a refused completion (422), each for its field; nothing when it went through. */
  complete: (id: number, input: Partial<CompleteTaskInput>) =>
    problemsOf(() => request<BpmTask>({ method: 'POST', url: `${bpmPaths.tasks}/${id}/complete`, ...jsonBody(input) })),
  addComment: (taskId: number, message: string) => http.post<unknown>(`${bpmPaths.tasks}/${taskId}/comments`, { message }),

  /** Accounts (by user name) and roles (by code) the modeller names as assignee and candidates (`model:view`). */
  modelAccounts: (text: string, limit = 20) => http.poll<BpmLookupOption[]>(`${bpmPaths.models}/lookup/accounts`, { text, limit }),
  modelRoles: (text: string, limit = 50) => http.poll<BpmLookupOption[]>(`${bpmPaths.models}/lookup/roles`, { text, limit }),
  /** Accounts a task may be re-assigned to (`task:assignee`). */
  assignableAccounts: (text: string, limit = 20) => http.poll<BpmLookupOption[]>(`${bpmPaths.tasks}/lookup/accounts`, { text, limit }),

  pluginButtons: () => http.poll<PageResult<BpmPluginButton>>(bpmPaths.pluginButtons, { limit: 200 }),
  pluginTypes: () => http.poll<PageResult<BpmPluginType>>(bpmPaths.pluginTypes, { limit: 200 }),
  statistics: (query: BpmStatisticsQuery) => http.get<BpmStatistics>(bpmPaths.statistics, query),
};
