import type { FormInput } from '@qiming/shared';
import { api } from '../../core/request/client.ts';

/** The calls of the form list and the designer; pages never speak HTTP themselves. */
export const formApi = {
  get: (id: number) => api.get('/api/admin/forms/{id}', { path: { id } }),
  create: (input: FormInput) => api.post('/api/admin/forms', { body: input, json: true }),
  update: (id: number, input: FormInput) => api.put('/api/admin/forms/{id}', { path: { id }, body: input, json: true }),
  publish: (id: number) => api.post('/api/admin/forms/{id}/publish', { path: { id } }),
  versions: (id: number) => api.get('/api/admin/forms/{id}/versions', { path: { id } }),
};
