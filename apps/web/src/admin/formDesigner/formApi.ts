import type { Form, FormInput, FormVersion } from '@qiming/shared';
import { http } from '../../core/request/client.ts';
import { formsPath } from '../formRenderer/formRunApi.ts';

/** The calls of the form list and the designer; pages never speak HTTP themselves. */
export const formApi = {
  get: (id: number) => http.get<Form>(`${formsPath}/${id}`),
  create: (input: FormInput) => http.postJson<Form>(formsPath, input),
  update: (id: number, input: FormInput) => http.putJson<Form>(`${formsPath}/${id}`, input),
  publish: (id: number) => http.post<FormVersion>(`${formsPath}/${id}/publish`),
  versions: (id: number) => http.get<FormVersion[]>(`${formsPath}/${id}/versions`),
};
