import type {
  FormSubmission,
  FormVersion,
  PageResult,
  PublishedForm,
  SubmissionDetail,
  SubmissionSearch,
  SubmissionSummary,
} from '@qiming/shared';
import { http, jsonBody, RequestError, request } from '../../core/request/client.ts';

/** The cloud forms' API, for the designer's calls as well. */
export const formsPath = '/admin/forms';

type Problems = Array<{ field: string; message: string }>;

/** The calls of filling in forms and reading submissions; pages never speak HTTP themselves. */
export const formRunApi = {
  published: () => http.get<PublishedForm[]>(`${formsPath}/published`),
  schema: (id: number) => http.get<FormVersion>(`${formsPath}/${id}/schema`),
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
  names: () => http.get<Array<{ id: number; name: string }>>(`${formsPath}/names`),
  submissions: (id: number, query: SubmissionSearch & { page: number; limit: number }) =>
    http.get<PageResult<SubmissionSummary>>(`${formsPath}/${id}/submissions`, query),
  submission: (id: number, submissionId: number) => http.get<SubmissionDetail>(`${formsPath}/${id}/submissions/${submissionId}`),
  exportSubmissions: (id: number, query: SubmissionSearch) => http.download(`${formsPath}/${id}/submissions/export`, query),
};
