import { type FormReference, type FormSchema, fieldProblem, type Language, type MessageKey, type SubmissionProblem } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { uploadedBy } from '../attachments/attachmentService.ts';
import { accountsInScope, organsInScope } from '../iam/directoryLookup.ts';
import { visibleOrgans } from '../iam/policy.ts';
import { findDictionaryByCode, itemsWithCodes } from '../platform/dictionaries/dictionaryService.ts';
import { childrenOf } from '../platform/regions/regionService.ts';
import { sanitizeRichText } from '../portal/sanitizeRichText.ts';

/** SQLite allows only so many variables in one statement: every `IN` list is cut into pieces of this size. */
const chunkSize = 500;

/** Each distinct value once, so a list repeated across a sub-table's rows is asked about once. */
const distinct = <T>(references: FormReference[], of: (item: string | number) => T): T[] => [
  ...new Set(references.flatMap((reference) => reference.items.map(of))),
];

/** Runs `find` over the values a chunk at a time, one after another (a transaction has one connection), and unites what it found. */
async function foundInChunks<T>(values: T[], find: (chunk: T[]) => Promise<Iterable<T>>): Promise<Set<T>> {
  const found = new Set<T>();
  for (let start = 0; start < values.length; start += chunkSize) {
    for (const value of await find(values.slice(start, start + chunkSize))) found.add(value);
  }
  return found;
}

/** Whether a reference names only records that exist and that the submitter may name. */
type Follows = (references: FormReference[]) => Promise<boolean[]>;

/** For each reference, whether every id it names is among those found: all ids asked about at once, checked in memory. */
async function idsFound(references: FormReference[], find: (ids: number[]) => Promise<Iterable<number>>): Promise<boolean[]> {
  const found = await foundInChunks(distinct(references, Number), find);
  return references.map((reference) => reference.items.every((item) => found.has(Number(item))));
}

/** Every dictionary's items named by the references, one query per dictionary and chunk, as `dictCode` to item codes. */
async function dictionaryItemsFound(db: Kysely<Database>, references: FormReference[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const dictCode of new Set(references.map((reference) => reference.dictCode ?? ''))) {
    const dictionary = await findDictionaryByCode(db, dictCode);
    const ofDictionary = references.filter((reference) => (reference.dictCode ?? '') === dictCode);
    const codes = dictionary
      ? await foundInChunks(distinct(ofDictionary, String), async (chunk) =>
          (await itemsWithCodes(db, dictionary.id, chunk)).map((item) => item.itemCode),
        )
      : new Set<string>();
    found.set(dictCode, codes);
  }
  return found;
}

/**
 * Whether each region path runs from a province down, each code an enabled child of the one before. The
 * children of each parent are read once (the regions module's own query, by the parent index), and only for
 * parents already found on a path: the reads are bounded by the region tree, not by how many rows name it.
 */
async function regionPathsHold(db: Kysely<Database>, references: FormReference[]): Promise<boolean[]> {
  const childrenByParent = new Map<string | null, Set<string>>();
  const childrenOfParent = async (parent: string | null) => {
    let children = childrenByParent.get(parent);
    if (!children) {
      children = new Set((await childrenOf(db, parent, false)).map((region) => region.cantCode));
      childrenByParent.set(parent, children);
    }
    return children;
  };
  const holdsByPath = new Map<string, boolean>();
  const results: boolean[] = [];
  for (const reference of references) {
    const codes = reference.items.map(String);
    const key = codes.join('/');
    let holds = holdsByPath.get(key);
    if (holds === undefined) {
      holds = true;
      let parent: string | null = null;
      for (const code of codes) {
        if (!(await childrenOfParent(parent)).has(code)) {
          holds = false;
          break;
        }
        parent = code;
      }
      holdsByPath.set(key, holds);
    }
    results.push(holds);
  }
  return results;
}

function followers(db: Kysely<Database>, caller: Caller): Record<FormReference['kind'], Follows> {
  return {
    dict: async (references) => {
      const found = await dictionaryItemsFound(db, references);
      return references.map((reference) => {
        const codes = found.get(reference.dictCode ?? '') ?? new Set<string>();
        return reference.items.every((item) => codes.has(String(item)));
      });
    },
    organ: async (references) => {
      const scope = await visibleOrgans(caller, db);
      return idsFound(references, (ids) => organsInScope(db, scope, ids));
    },
    account: async (references) => {
      const scope = await visibleOrgans(caller, db);
      return idsFound(references, (ids) => accountsInScope(db, scope, ids));
    },
    region: (references) => regionPathsHold(db, references),
    upload: (references) => idsFound(references, (ids) => uploadedBy(db, caller.accountId, ids)),
  };
}

const messageOf: Record<FormReference['kind'], MessageKey> = {
  dict: 'validation.formDictItem',
  organ: 'validation.formOrgan',
  account: 'validation.formAccount',
  region: 'validation.formRegionPath',
  upload: 'validation.formAttachment',
};

/**
 * What the schema cannot see: every dictionary item, organisation, account, region and attachment a
 * submission names must exist, and the organisations and accounts lie in the submitter's data scope for
 * filling in forms (the operation of the route). One problem per field that names something it may not.
 */
export async function referenceProblems(
  db: Kysely<Database>,
  caller: Caller,
  references: FormReference[],
  language: Language,
): Promise<SubmissionProblem[]> {
  const follow = followers(db, caller);
  const problems: SubmissionProblem[] = [];
  for (const kind of Object.keys(messageOf) as FormReference['kind'][]) {
    const ofKind = references.filter((reference) => reference.kind === kind);
    if (ofKind.length === 0) continue;
    const holds = await follow[kind](ofKind);
    ofKind.forEach((reference, index) => {
      if (!holds[index]) problems.push(fieldProblem(reference.path, reference.field, messageOf[kind], language));
    });
  }
  const order = new Map(references.map((reference, index) => [reference.path, index]));
  return problems.sort((a, b) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0));
}

/** The values with every rich text passed through the server's sanitiser, sub-table cells included. */
export function sanitizedValues(schema: FormSchema, values: Record<string, unknown>): Record<string, unknown> {
  const clean = (fields: FormSchema['fields'], row: Record<string, unknown>): Record<string, unknown> => {
    const result = { ...row };
    for (const field of fields) {
      const value = result[field.key];
      if (field.kind === 'richText' && typeof value === 'string') result[field.key] = sanitizeRichText(value);
      if (field.kind === 'subTable' && field.fields && Array.isArray(value)) {
        result[field.key] = value.map((cells) => clean(field.fields ?? [], cells as Record<string, unknown>));
      }
    }
    return result;
  };
  return clean(schema.fields, values);
}
