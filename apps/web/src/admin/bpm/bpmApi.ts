import type { BpmInstanceDetail, BpmModelInput, BpmStatisticsQuery, BpmVariables, CompleteTaskInput } from '@qiming/shared';
import { api, http, RequestError } from '../../core/request/client.ts';

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
  model: (id: number) => api.get('/api/admin/bpm/models/{id}', { path: { id } }),
  createModel: (input: BpmModelInput) => api.post('/api/admin/bpm/models', { body: input, json: true }),
  updateModel: (id: number, input: BpmModelInput) => api.put('/api/admin/bpm/models/{id}', { path: { id }, body: input, json: true }),
  importModel: (xml: string) => api.post('/api/admin/bpm/models/import', { body: { xml }, json: true }),
  releaseModel: (id: number) => api.post('/api/admin/bpm/models/{id}/release', { path: { id } }),
  /** The model as the BPMN 2.0 file the server names (`model:export`). */
  exportModel: (id: number) => http.download(`${bpmPaths.models}/${id}/xml`),

  definitions: (query: Record<string, unknown>) => api.get('/api/admin/bpm/definitions', { query }),
  definitionXml: (id: number) => api.get('/api/admin/bpm/definitions/{id}/xml', { path: { id } }),
  suspendDefinition: (id: number) => api.post('/api/admin/bpm/definitions/{id}/suspend', { path: { id } }),
  activateDefinition: (id: number) => api.post('/api/admin/bpm/definitions/{id}/activate', { path: { id } }),

  startInstance: (definitionKey: string, businessKey: string, variables: BpmVariables) =>
    api.post('/api/admin/bpm/instances', { body: { definitionKey, businessKey, variables }, json: true }),
  instance: (id: number) => api.get('/api/admin/bpm/instances/{id}', { path: { id } }),
  /** Runs what an incident stopped again, `variables` set first (`instance:incident`). */
  retryIncident: (id: number, variables: BpmVariables) =>
    api.post('/api/admin/bpm/incidents/{id}/retry', { path: { id }, body: { variables }, json: true }),
  resolveIncident: (id: number) => api.post('/api/admin/bpm/incidents/{id}/resolve', { path: { id } }),
  /** Monitoring's re-assignment of any open task; null gives it back to its candidates (`task:admin`). */
  reassignTask: (instanceId: number, taskId: number, userName: string | null) =>
    api.post('/api/admin/bpm/instances/{id}/tasks/{taskId}/assignee', { path: { id: instanceId, taskId }, body: { userName }, json: true }),
  instanceDiagram: (id: number) => api.get('/api/admin/bpm/instances/{id}/diagram', { path: { id } }),
  instanceAction: (id: number, action: 'suspend' | 'activate' | 'terminate') =>
    api.post(`/api/admin/bpm/instances/{id}/${action}`, { path: { id } }),
  deleteInstance: (id: number) => api.post('/api/admin/bpm/instances/delete', { body: { ids: [id] } }),
  interruptActivity: (id: number, activityId: string) =>
    api.post('/api/admin/bpm/instances/{id}/activities/{activityId}/interrupt', { path: { id, activityId } }),

  /** Definitions the signed-in user may start (participants), newest versions. */
  startable: () => api.get('/api/admin/bpm/tasks/startable'),
  task: (id: number) => api.get('/api/admin/bpm/tasks/{id}', { path: { id } }),
  /** The task's instance diagram with its path marked, for whoever may read the task (`task:view`). */
  taskDiagram: (id: number) => api.get('/api/admin/bpm/tasks/{id}/diagram', { path: { id }, quiet: true }),
  claim: (id: number) => api.post('/api/admin/bpm/tasks/{id}/claim', { path: { id } }),
  unclaim: (id: number) => api.post('/api/admin/bpm/tasks/{id}/unclaim', { path: { id } }),
  assign: (id: number, userName: string) => api.post('/api/admin/bpm/tasks/{id}/assignee', { path: { id }, body: { userName } }),
  recall: (id: number) => api.post('/api/admin/bpm/tasks/{id}/recall', { path: { id } }),
  returnTo: (id: number, activityId: string, comment: string) =>
    api.post('/api/admin/bpm/tasks/{id}/return', { path: { id }, body: { activityId, comment } }),
  /** Answers the form's problems of a refused completion (422), each for its field; nothing when it went through. */
  complete: (id: number, input: Partial<CompleteTaskInput>) =>
    problemsOf(() => api.post('/api/admin/bpm/tasks/{id}/complete', { path: { id }, body: input, json: true })),
  addComment: (taskId: number, message: string) =>
    api.post('/api/admin/bpm/tasks/{id}/comments', { path: { id: taskId }, body: { message } }),

  /** Accounts (by user name) and roles (by code) the modeller names as assignee and candidates (`model:view`). */
  modelAccounts: (text: string, limit = 20) => api.get('/api/admin/bpm/models/lookup/accounts', { query: { text, limit }, quiet: true }),
  modelRoles: (text: string, limit = 50) => api.get('/api/admin/bpm/models/lookup/roles', { query: { text, limit }, quiet: true }),
  /** Accounts a task may be re-assigned to (`task:assignee`). */
  assignableAccounts: (text: string, limit = 20) =>
    api.get('/api/admin/bpm/tasks/lookup/accounts', { query: { text, limit }, quiet: true }),

  pluginButtons: () => api.get('/api/admin/bpm/plugin-buttons', { query: { limit: 200 }, quiet: true }),
  pluginTypes: () => api.get('/api/admin/bpm/plugin-types', { query: { limit: 200 }, quiet: true }),
  statistics: (query: BpmStatisticsQuery) => api.get('/api/admin/bpm/statistics', { query }),
};
