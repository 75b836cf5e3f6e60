import type { BpmVariables } from '@qiming/shared';
import { api } from '../../../core/request/client.ts';
import { problemsOf } from '../bpmApi.ts';

/** The forms of starts and tasks (`task:start`, `task:complete`): cloud, generated from camunda:formData, or none. */
export const bpmFormApi = {
  startForm: (definitionKey: string) => api.get('/api/admin/bpm/tasks/startable/{key}/form', { path: { key: definitionKey } }),
  taskForm: (taskId: number) => api.get('/api/admin/bpm/tasks/{id}/form', { path: { id: taskId } }),
  /** Starts with the start form's values or, without a form, with variables; answers the form's problems of a refusal. */
  start: (input: { definitionKey: string; businessKey: string; values?: BpmVariables; variables?: BpmVariables }) =>
    problemsOf(() => api.post('/api/admin/bpm/instances', { body: input, json: true })),
};
