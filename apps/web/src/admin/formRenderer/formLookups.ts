import type { LookupOption } from '@qiming/shared';
import { http } from '../../core/request/client.ts';

/** The pickers' API for a person filling in a form: granted with filling in, whatever else they may see. */
const base = '/admin/forms/lookup';

export const formLookups = {
  organs: (text: string) => http.get<LookupOption[]>(`${base}/organs`, { text }),
  accounts: (text: string) => http.get<LookupOption[]>(`${base}/accounts`, { text }),
  dictionaryItems: (dictCode: string) => http.get<LookupOption[]>(`${base}/dicts/${encodeURIComponent(dictCode)}`),
  regions: (code?: string) => http.get<LookupOption[]>(`${base}/regions`, code ? { code } : {}),
};
