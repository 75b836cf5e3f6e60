import type { FormSubmission, SubmissionDetail, SubmissionSummary } from '@qiming/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const password = 'Secret@2026';

/**
 * Submissions follow the reader's data scope like every other list: the page, one submission and the
 * export hold only what people of organs in the scope of that route's operation submitted.
 */
describe(`cloud forms, submissions by data scope (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const organs: Record<string, number> = {};
  /** Each submitter's submissions, by user name. */
  const submitted: Record<string, FormSubmission[]> = {};
  let formId: number;

  const { call, ok, su, scopedRole, createAccount } = namedCalls(() => t, tokens);

  async function organ(code: string, typeCode: string, parent: string | null) {
    const parentOrganId = parent === null ? null : organs[parent];
    const created = await ok(
      await su('POST', '/api/admin/organs', { organCode: code, organName: code, typeCode, struType: 'admin', parentOrganId }),
    );
    organs[code] = created.id;
  }

  const role = (code: string, operations: string[], scopeOrgans: string[] | 'global') =>
    scopedRole(code, operations, scopeOrgans === 'global' ? 'global' : scopeOrgans.map((organ) => organs[organ] as number));

  async function account(userName: string, organ: string | null, roleIds: number[]) {
    const id = await createAccount({ userName, password, organId: organ === null ? null : (organs[organ] as number) });
    await ok(await su('POST', '/api/admin/roles/authorise', { accountIds: [id], roleIds, revoke: false }));
    tokens[userName] = await signIn(t.app, { userName, password });
  }

  async function submit(userName: string, title: string) {
    const stored = (await ok(
      await call(userName, 'POST', `/api/admin/forms/${formId}/submissions`, { values: { title } }),
    )) as FormSubmission;
    submitted[userName] = [...(submitted[userName] ?? []), stored];
  }

  const page = async (who: string, query = 'limit=50') =>
    (await ok(await call(who, 'GET', `/api/admin/forms/${formId}/submissions?${query}`))) as {
      total: number;
      records: SubmissionSummary[];
    };
  const submitters = (records: SubmissionSummary[]) => records.map((record) => record.submittedByName).sort();

  /** The export's "Submitted by" column (after the one field, Title). */
  async function exportedSubmitters(who: string): Promise<string[]> {
    const response = await call(who, 'GET', `/api/admin/forms/${formId}/submissions/export`);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(2).value).toBe('Submitted by');
    return sheet
      .getSheetValues()
      .slice(2)
      .map((row) => String((row as unknown[])[2]))
      .sort();
  }

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    await organ('S_HQ', 'CORP', null);
    await organ('S_A', 'DEPT', 'S_HQ');
    await organ('S_A1', 'TEAM', 'S_A');
    await organ('S_B', 'DEPT', 'S_HQ');
    const filler = await role('s_filler', ['form:fill'], 'global');
    await account('scope_fay', 'S_A', [filler]);
    await account('scope_ann', 'S_A1', [filler]);
    await account('scope_bob', 'S_B', [filler]);
    await account('scope_nobody', null, [filler]);
    // Reads and exports organ A's submissions.
    await account('scope_reader', 'S_B', [await role('s_reader', ['submission:view', 'submission:export'], ['S_A'])]);
    // Reads organ A's, but exports organ B's: each route answers by the scope of its own operation.
    await account('scope_split', 'S_HQ', [
      await role('s_view_a', ['submission:view'], ['S_A']),
      await role('s_export_b', ['submission:export'], ['S_B']),
    ]);

    const form = await ok(
      await su('POST', '/api/admin/forms', {
        name: 'Scoped request',
        description: '',
        field: { fields: [{ key: 'title', label: { zh: '标题', en: 'Title' }, kind: 'text' }] },
        action: 'scoped.request',
        url: '',
        modelName: 'scoped_request',
      }),
    );
    formId = form.id;
    await ok(await su('POST', `/api/admin/forms/${formId}/publish`));
    await submit('scope_fay', 'From A');
    await submit('scope_fay', 'From A again');
    await submit('scope_ann', 'From under A');
    await submit('scope_bob', 'From B');
    await submit('scope_nobody', 'From no organ');
  });
  afterAll(async () => t.close());

  it('lists to a reader of organ A only what people of A and the organs under it submitted, with the total to match', async () => {
    const seen = await page('scope_reader');
    expect(seen.total).toBe(3);
    expect(submitters(seen.records)).toEqual(['scope_ann', 'scope_fay', 'scope_fay']);

    // Paging counts only what the reader may see.
    const first = await page('scope_reader', 'limit=2');
    expect(first.total).toBe(3);
    expect(first.records).toHaveLength(2);

    // Searching by an out-of-scope submitter finds nothing rather than a hidden count.
    expect((await page('scope_reader', 'submittedBy=scope_bob')).total).toBe(0);
    expect((await page('scope_reader', 'submittedBy=scope_fay')).total).toBe(2);
  });

  it('answers 404 for one submission from outside the scope, as for one that does not exist', async () => {
    const inside = submitted.scope_ann?.[0] as FormSubmission;
    const detail = (await ok(await call('scope_reader', 'GET', `/api/admin/forms/${formId}/submissions/${inside.id}`))) as SubmissionDetail;
    expect(detail.values).toEqual({ title: 'From under A' });

    const missing = await call('scope_reader', 'GET', `/api/admin/forms/${formId}/submissions/999999`);
    for (const outside of [submitted.scope_bob?.[0], submitted.scope_nobody?.[0]] as FormSubmission[]) {
      const refused = await call('scope_reader', 'GET', `/api/admin/forms/${formId}/submissions/${outside.id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
    }
  });

  it('exports to a reader of organ A only the rows of A', async () => {
    expect(await exportedSubmitters('scope_reader')).toEqual(['scope_ann', 'scope_fay', 'scope_fay']);
  });

  it('narrows the list and the export each by the scope of its own operation', async () => {
    expect(submitters((await page('scope_split')).records)).toEqual(['scope_ann', 'scope_fay', 'scope_fay']);
    expect(await exportedSubmitters('scope_split')).toEqual(['scope_bob']);
  });

  it('shows the super administrator every submission, those of people without an organ too', async () => {
    const all = await page('sysadmin');
    expect(all.total).toBe(5);
    expect(submitters(all.records)).toEqual(['scope_ann', 'scope_bob', 'scope_fay', 'scope_fay', 'scope_nobody']);
    const theirs = submitted.scope_nobody?.[0] as FormSubmission;
    expect((await ok(await su('GET', `/api/admin/forms/${formId}/submissions/${theirs.id}`))).values).toEqual({ title: 'From no organ' });
    expect(await exportedSubmitters('sysadmin')).toEqual(['scope_ann', 'scope_bob', 'scope_fay', 'scope_fay', 'scope_nobody']);
  });
});
