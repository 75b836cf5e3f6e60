import type { BpmForm, BpmInstance, BpmVariables } from '@qiming/shared';
import { http, jsonBody, request } from '../../../core/request/client.ts';
import { bpmPaths, problemsOf } from '../bpmApi.ts';

/** The forms of starts and tasks (`task:start`, `task:complete`): cloud, generated from camunda:formData, or none. */
export const bpmFormApi = {
  startForm: (definitionKey: string) => http.get<BpmForm>(`${bpmPaths.startable}/${encodeURIComponent(definitionKey)}/form`),
  taskForm: (taskId: number) => http.get<BpmForm>(`${bpmPaths.tasks}/${taskId}/form`),
  /** Starts with the start form's values or, without a form, with variables; answers the form's problems of a refusal. */
  start: (input: { definitionKey: string; businessKey: string; values?: BpmVariables; variables?: BpmVariables }) =>
    problemsOf(() => request<BpmInstance>({ method: 'POST', url: bpmPaths.instances, ...jsonBody(input) })),
};
