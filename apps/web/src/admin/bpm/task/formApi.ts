import type { BpmForm, BpmInstance, BpmVariables } from '@qiming/shared';
import { http, jsonBody, RequestError, request } from '../../../core/request/client.ts';
import { bpmPaths } from '../bpmApi.ts';

type Problems = Array<{ field: string; message: string }>;

/** The form's problems of a refused start or completion (422), each for its field; other refusals are thrown. */
async function problemsOf(call: () => Promise<unknown>): Promise<Problems | undefined> {
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

/** The forms of starts and tasks (`task:start`, `task:complete`): cloud, generated from camunda:formData, or none. */
export const bpmFormApi = {
  startForm: (definitionKey: string) => http.get<BpmForm>(`${bpmPaths.startable}/${encodeURIComponent(definitionKey)}/form`),
  taskForm: (taskId: number) => http.get<BpmForm>(`${bpmPaths.tasks}/${taskId}/form`),
  /** Starts with the start form's values or, without a form, with variables; answers the form's problems of a refusal. */
  start: (input: { definitionKey: string; businessKey: string; values?: BpmVariables; variables?: BpmVariables }) =>
    problemsOf(() => request<BpmInstance>({ method: 'POST', url: bpmPaths.instances, ...jsonBody(input) })),
};
