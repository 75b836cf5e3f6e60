import { type FormReference, referenceLabelKey } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { urlsOf } from '../attachments/attachmentService.ts';
import { accountNames, organNames } from '../iam/directoryLookup.ts';
import { findDictionaryByCode, itemsWithCodes } from '../platform/dictionaries/dictionaryService.ts';
import { findRegion } from '../platform/regions/regionService.ts';

const idsOf = (references: FormReference[], kind: FormReference['kind']) => [
  ...new Set(references.filter((reference) => reference.kind === kind).flatMap((reference) => reference.items.map(Number))),
];

/**
 * Names for the records submissions name, keyed by `referenceLabelKey`, so that a read-only view and an
 * export show names, not ids; an upload's label is where it is served. A record deleted since is left out.
 */
export async function referenceLabels(db: Kysely<Database>, references: FormReference[]): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  const put = (kind: FormReference['kind'], names: Map<number, string>) => {
    for (const [id, name] of names) labels[referenceLabelKey(kind, id)] = name;
  };
  put('organ', await organNames(db, idsOf(references, 'organ')));
  put('account', await accountNames(db, idsOf(references, 'account')));
  put('upload', await urlsOf(db, idsOf(references, 'upload')));
  const regionCodes = new Set(
    references.filter((reference) => reference.kind === 'region').flatMap((reference) => reference.items.map(String)),
  );
  for (const code of regionCodes) {
    const region = await findRegion(db, code);
    if (region) labels[referenceLabelKey('region', code)] = region.cantName;
  }
  const codesByDictionary = new Map<string, Set<string>>();
  for (const reference of references) {
    if (reference.kind !== 'dict' || reference.dictCode === undefined) continue;
    const codes = codesByDictionary.get(reference.dictCode) ?? new Set<string>();
    for (const item of reference.items) codes.add(String(item));
    codesByDictionary.set(reference.dictCode, codes);
  }
  for (const [dictCode, codes] of codesByDictionary) {
    const dictionary = await findDictionaryByCode(db, dictCode);
    const items = dictionary ? await itemsWithCodes(db, dictionary.id, [...codes]) : [];
    for (const item of items) labels[referenceLabelKey('dict', item.itemCode, dictCode)] = item.itemValue;
  }
  return labels;
}
