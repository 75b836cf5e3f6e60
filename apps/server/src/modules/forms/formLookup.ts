import type { LookupOption } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { pickAccounts, pickOrgans } from '../iam/directoryLookup.ts';
import { visibleOrgans } from '../iam/policy.ts';
import { findDictionaryByCode, listItems } from '../platform/dictionaries/dictionaryService.ts';
import { childrenOf } from '../platform/regions/regionService.ts';
import { dictionaryPublished } from './formRepo.ts';

/**
 * What a filler picks from, whatever else they may see: organisations and accounts within their data
 * scope for filling in forms, the items of dictionaries published forms use, and the region tree.
 * Ids and names only.
 */
export class FormLookup {
  constructor(private readonly context: AppContext) {}

  async organs(caller: Caller, text: string, limit: number): Promise<LookupOption[]> {
    return pickOrgans(this.context.db, await visibleOrgans(caller, this.context.db), text, limit);
  }

  async accounts(caller: Caller, text: string, limit: number): Promise<LookupOption[]> {
    return pickAccounts(this.context.db, await visibleOrgans(caller, this.context.db), text, limit);
  }

  /** 404 for a dictionary no form's latest published version names: the lookup is no way round the dictionaries' own grant. */
  async dictionaryItems(dictCode: string, text: string, limit: number): Promise<LookupOption[]> {
    const dictionary = (await dictionaryPublished(this.context.db, dictCode))
      ? await findDictionaryByCode(this.context.db, dictCode)
      : undefined;
    if (!dictionary) throw notFound();
    const items = await listItems(this.context.db, dictionary.id, text ? { itemValue: text } : {}, limit);
    return items.map((item) => ({ value: item.itemCode, label: item.itemValue }));
  }

  /** The regions in use directly under `code`, or the provinces. */
  async regions(code: string | undefined): Promise<LookupOption[]> {
    const regions = await childrenOf(this.context.db, code ?? null, false);
    return regions.map((region) => ({ value: region.cantCode, label: region.cantName, isLeaf: region.isLeaf }));
  }
}
