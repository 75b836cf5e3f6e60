import type {
  Form,
  FormInput,
  FormPostStatus,
  FormSchema,
  FormSubmission,
  FormVersion,
  PageQuery,
  PublishedForm,
  SubmissionSearch,
  SubmissionSummary,
} from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';
import type { OrganScope } from '../iam/dataScope.ts';
import { accountNames, accountsNamed, accountsOfOrgans } from '../iam/directoryLookup.ts';

function forms(db: Kysely<Database>) {
  return db.selectFrom('form_def as f');
}

const formColumns = (query: ReturnType<typeof forms>) =>
  query.select((eb) => [
    'f.id',
    'f.form_name as name',
    'f.description',
    'f.field',
    'f.action',
    'f.url',
    'f.model_name as modelName',
    'f.created_at as createdAt',
    'f.updated_at as updatedAt',
    eb
      .selectFrom('form_version as v')
      .select((inner) => inner.fn.max('v.version').as('n'))
      .whereRef('v.form_id', '=', 'f.id')
      .as('version'),
  ]);

type FormRow = Awaited<ReturnType<ReturnType<typeof formColumns>['executeTakeFirstOrThrow']>>;

const toForm = (row: FormRow): Form => ({
  ...row,
  field: JSON.parse(row.field) as FormSchema,
  version: row.version === null ? null : Number(row.version),
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
});

export async function pageForms(db: Kysely<Database>, query: PageQuery<'name' | 'modelName' | 'updatedAt'> & { name?: string }) {
  let base = forms(db);
  if (query.name) base = base.where(containsText('f.form_name', query.name));
  const page = await paginate(base, query, {
    columns: { name: 'f.form_name', modelName: 'f.model_name', updatedAt: 'f.updated_at' },
    defaultSort: { column: 'f.updated_at', order: 'desc' },
    tieBreaker: 'f.id',
    select: formColumns,
  });
  return { total: page.total, records: page.records.map(toForm) };
}

export async function findForm(db: Kysely<Database>, id: number): Promise<Form | undefined> {
  const row = await formColumns(forms(db)).where('f.id', '=', id).executeTakeFirst();
  return row && toForm(row);
}

function values(input: FormInput, now: number) {
  return {
    form_name: input.name,
    description: input.description,
    field: JSON.stringify(input.field),
    action: input.action,
    url: input.url,
    model_name: input.modelName,
    updated_at: now,
  };
}

export async function insertForm(db: Kysely<Database>, input: FormInput, now: number): Promise<number> {
  const row = await db
    .insertInto('form_def')
    .values({ ...values(input, now), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateForm(db: Kysely<Database>, id: number, input: FormInput, now: number): Promise<void> {
  await db.updateTable('form_def').set(values(input, now)).where('id', '=', id).execute();
}

/** Submissions and versions go with their form (the tables cascade). */
export async function deleteForms(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('form_def').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

const versionColumns = ['form_id as formId', 'version', 'field', 'published_at as publishedAt', 'published_by as publishedBy'] as const;

const toVersion = (row: { formId: number; version: number; field: string; publishedAt: number; publishedBy: string }): FormVersion => ({
  ...row,
  version: Number(row.version),
  field: JSON.parse(row.field) as FormSchema,
  publishedAt: Number(row.publishedAt),
});

export async function insertVersion(db: Kysely<Database>, version: Omit<FormVersion, 'field'> & { field: FormSchema }): Promise<void> {
  await db
    .insertInto('form_version')
    .values({
      form_id: version.formId,
      version: version.version,
      field: JSON.stringify(version.field),
      published_at: version.publishedAt,
      published_by: version.publishedBy,
    })
    .execute();
}

/** The form's versions, newest first. */
export async function listVersions(db: Kysely<Database>, formId: number): Promise<FormVersion[]> {
  const rows = await db
    .selectFrom('form_version')
    .select(versionColumns)
    .where('form_id', '=', formId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map(toVersion);
}

export async function latestVersion(db: Kysely<Database>, formId: number): Promise<FormVersion | undefined> {
  const row = await db
    .selectFrom('form_version')
    .select(versionColumns)
    .where('form_id', '=', formId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toVersion(row);
}

/** Forms with a published version: their latest version, by name. */
export async function listPublished(db: Kysely<Database>): Promise<PublishedForm[]> {
  const rows = await db
    .selectFrom('form_def as f')
    .innerJoin('form_version as v', 'v.form_id', 'f.id')
    .select((eb) => ['f.id', 'f.form_name as name', 'f.description', eb.fn.max('v.version').as('version')])
    .groupBy(['f.id', 'f.form_name', 'f.description'])
    .orderBy('f.form_name')
    .orderBy('f.id')
    .execute();
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}

export async function findVersion(db: Kysely<Database>, formId: number, version: number): Promise<FormVersion | undefined> {
  const row = await db
    .selectFrom('form_version')
    .select(versionColumns)
    .where('form_id', '=', formId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row && toVersion(row);
}

/**
 * A form's submissions by submitters of organs in the scope, matching the search: the scope is part of the
 * query, so an out-of-scope submission is never read and paging counts only what the reader may see.
 */
function submissions(db: Kysely<Database>, formId: number, scope: OrganScope, search: SubmissionSearch) {
  let query = db.selectFrom('form_submission as s').where('s.form_id', '=', formId);
  if (scope !== 'all') query = query.where('s.submitted_by', 'in', accountsOfOrgans(db, scope));
  if (search.submittedBy) query = query.where('s.submitted_by', 'in', accountsNamed(db, search.submittedBy));
  if (search.submittedFrom !== undefined) query = query.where('s.submitted_at', '>=', search.submittedFrom);
  if (search.submittedTo !== undefined) query = query.where('s.submitted_at', '<=', search.submittedTo);
  return query;
}

/** What a list of submissions shows: everything but the values, which only the detail and the export read. */
const submissionSummaryColumns = (query: ReturnType<typeof submissions>) =>
  query.select([
    's.id',
    's.form_id as formId',
    's.version',
    's.submitted_by as submittedBy',
    's.submitted_at as submittedAt',
    's.post_status as postStatus',
    's.post_error as postError',
  ]);

const submissionColumns = (query: ReturnType<typeof submissions>) => submissionSummaryColumns(query).select('s.field_values as values');

type SummaryRow = Awaited<ReturnType<ReturnType<typeof submissionSummaryColumns>['executeTakeFirstOrThrow']>>;
type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissionColumns>['executeTakeFirstOrThrow']>>;

/** A submission in a list: without its values. */

/** Submissions with their submitters' names, asked of the accounts' module. */
async function toSummaries(db: Kysely<Database>, rows: SummaryRow[]): Promise<SubmissionSummary[]> {
  const names = await accountNames(db, [...new Set(rows.map((row) => row.submittedBy))]);
  return rows.map((row) => ({
    id: row.id,
    formId: row.formId,
    version: Number(row.version),
    submittedBy: row.submittedBy,
    submittedByName: names.get(row.submittedBy) ?? '',
    submittedAt: Number(row.submittedAt),
    postStatus: row.postStatus as FormPostStatus,
    postError: row.postError,
  }));
}

async function toSubmissions(db: Kysely<Database>, rows: SubmissionRow[]): Promise<FormSubmission[]> {
  const summaries = await toSummaries(db, rows);
  return summaries.map((summary, index) => ({
    ...summary,
    values: JSON.parse((rows[index] as SubmissionRow).values) as Record<string, unknown>,
  }));
}

/** A page of submissions without their values: the list never shows them, and a page may hold 500. */
export async function pageSubmissions(
  db: Kysely<Database>,
  formId: number,
  scope: OrganScope,
  query: PageQuery<'submittedAt'> & SubmissionSearch,
) {
  const page = await paginate(submissions(db, formId, scope, query), query, {
    columns: { submittedAt: 's.submitted_at' },
    defaultSort: { column: 's.submitted_at', order: 'desc' },
    tieBreaker: 's.id',
    select: submissionSummaryColumns,
  });
  return { total: page.total, records: await toSummaries(db, page.records) };
}

/** Submissions matching the search, newest first, for an export. */
export async function listSubmissions(db: Kysely<Database>, formId: number, scope: OrganScope, search: SubmissionSearch, limit: number) {
  const rows = await submissionColumns(submissions(db, formId, scope, search))
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return toSubmissions(db, rows);
}

export async function findSubmission(
  db: Kysely<Database>,
  formId: number,
  scope: OrganScope,
  id: number,
): Promise<FormSubmission | undefined> {
  const row = await submissionColumns(submissions(db, formId, scope, {}))
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row && (await toSubmissions(db, [row]))[0];
}

export async function insertSubmission(
  db: Kysely<Database>,
  submission: {
    formId: number;
    version: number;
    values: Record<string, unknown>;
    submittedBy: number;
    submittedAt: number;
    postStatus: FormPostStatus;
  },
): Promise<number> {
  const row = await db
    .insertInto('form_submission')
    .values({
      form_id: submission.formId,
      version: submission.version,
      field_values: JSON.stringify(submission.values),
      submitted_by: submission.submittedBy,
      submitted_at: submission.submittedAt,
      post_status: submission.postStatus,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function recordPostOutcome(db: Kysely<Database>, id: number, status: 'posted' | 'failed', error: string | null) {
  await db.updateTable('form_submission').set({ post_status: status, post_error: error }).where('id', '=', id).execute();
}

/** Submissions waiting to be posted on that no process holds, oldest first. */
export async function pendingPosts(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('form_submission')
    .select(['id', 'form_id'])
    .where('post_status', '=', 'pending')
    .where('post_claimed_until', '<', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a pending submission for posting until `now + ttlMs`: false when another process holds it. */
export async function claimPost(db: Kysely<Database>, id: number, now: number, ttlMs: number): Promise<boolean> {
  const result = await db
    .updateTable('form_submission')
    .set({ post_claimed_until: now + ttlMs })
    .where('id', '=', id)
    .where('post_status', '=', 'pending')
    .where('post_claimed_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a field or a sub-table's column takes its options from exactly this dictionary. */
const takesOptionsFrom = (schema: FormSchema, dictCode: string) =>
  schema.fields.some(
    (field) =>
      (field.options && !Array.isArray(field.options) && field.options.dictCode === dictCode) ||
      (field.fields ?? []).some((cell) => cell.options && !Array.isArray(cell.options) && cell.options.dictCode === dictCode),
  );

/**
 * Whether the latest published version of some form takes options from the dictionary: only those are open
 * to fillers. LIKE only narrows the candidates (it ignores case on SQLite and matches any text); each
 * candidate's schema is then read and its `dictCode`s compared exactly.
 */
export async function dictionaryPublished(db: Kysely<Database>, dictCode: string): Promise<boolean> {
  const needle = `"dictCode":${JSON.stringify(dictCode)}`;
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const candidates = await db
    .selectFrom('form_version as v')
    .select('v.field')
    .where(sql<boolean>`v.field like ${pattern} escape '\\'`)
    .where((eb) =>
      eb(
        'v.version',
        '=',
        eb
          .selectFrom('form_version as latest')
          .select((inner) => inner.fn.max('latest.version').as('n'))
          .whereRef('latest.form_id', '=', 'v.form_id'),
      ),
    )
    .execute();
  return candidates.some((candidate) => takesOptionsFrom(JSON.parse(candidate.field) as FormSchema, dictCode));
}
