import { api } from '../../core/request/client.ts';

/** The pickers' API for a person filling in a form: granted with filling in, whatever else they may see. */
export const formLookups = {
  organs: (text: string) => api.get('/api/admin/forms/lookup/organs', { query: { text } }),
  accounts: (text: string) => api.get('/api/admin/forms/lookup/accounts', { query: { text } }),
  dictionaryItems: (dictCode: string) => api.get('/api/admin/forms/lookup/dicts/{dictCode}', { path: { dictCode } }),
  regions: (code?: string) => api.get('/api/admin/forms/lookup/regions', { query: code ? { code } : {} }),
};
