import type { FormSubmission, SubmissionSearch } from '@qiming/shared';
import { api, http, jsonBody, RequestError, request } from '../../core/request/client.ts';

/** The cloud forms' API, for the designer's calls as well. */
export const formsPath = '/admin/forms';

type Problems = Array<{ field: string; message: string }>;

/** The calls of filling in forms and reading submissions; pages never speak HTTP themselves. */
export const formRunApi = {
  published: () => api.get('/api/admin/forms/published'),
  schema: (id: number) => api.get('/api/admin/forms/{id}/schema', { path: { id } }),
  /** Answers the server's problems of a refused submission (422), each for its field; nothing when it was kept. */
  submit: async (id: number, values: Record<string, unknown>): Promise<Problems | undefined> => {
    try {
      await request<FormSubmission>({ method: 'POST', url: `${formsPath}/${id}/submissions`, quiet: true, ...jsonBody({ values }) });
      return undefined;
    } catch (error) {
      const problems =
        error instanceof RequestError && error.code === 422 ? (error.data as { data?: { problems?: Problems } }).data?.problems : undefined;
      if (problems) return problems;
      throw error;
    }
  },
  names: () => api.get('/api/admin/forms/names'),
  submissions: (id: number, query: SubmissionSearch & { page: number; limit: number }) =>
    api.get('/api/admin/forms/{id}/submissions', { path: { id }, query }),
  submission: (id: number, submissionId: number) =>
    api.get('/api/admin/forms/{id}/submissions/{submissionId}', { path: { id, submissionId } }),
  exportSubmissions: (id: number, query: SubmissionSearch) => http.download(`${formsPath}/${id}/submissions/export`, query),
};
