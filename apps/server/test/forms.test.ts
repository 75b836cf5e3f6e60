import type { Form, FormSubmission, FormVersion } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionCounter } from './submissionCounter.ts';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const label = (zh: string, en: string) => ({ zh, en });
const draft = (fields: object[]) => ({
  name: 'Purchase request',
  description: 'Asks for goods',
  field: { fields },
  action: 'purchase.request',
  url: '',
  modelName: 'purchase_request',
});
const title = { key: 'title', label: label('标题', 'Title'), kind: 'text', required: true, validators: [{ rule: 'maxLength', value: 20 }] };
const items = {
  key: 'items',
  label: label('明细', 'Items'),
  kind: 'subTable',
  fields: [{ key: 'qty', label: label('数量', 'Quantity'), kind: 'number', validators: [{ rule: 'min', value: 1 }] }],
};
const mobile = { key: 'mobile', label: label('手机', 'Mobile'), kind: 'text', validators: [{ rule: 'mobile' }] };

/** Cloud forms: drafts, publishing frozen versions, and submissions checked against the latest one. */
describe(`cloud forms (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let formId: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  let submissionCount: () => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp();
    submissionCount = await submissionCounter(t.context.db);
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  it('creates and edits a form, and finds it by name', async () => {
    const created = await call('POST', '/api/admin/forms', draft([title]));
    expect(created.statusCode, created.body).toBe(200);
    const form = created.json().data as Form;
    expect(form).toMatchObject({ name: 'Purchase request', modelName: 'purchase_request', version: null });
    formId = form.id;

    const edited = await call('PUT', `/api/admin/forms/${formId}`, { ...draft([title, items]), name: 'Purchase order' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json().data as Form).field.fields.map((field) => field.key)).toEqual(['title', 'items']);

    const page = (await call('GET', '/api/admin/forms?name=order&limit=10')).json().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: formId, name: 'Purchase order' });
    expect((await call('GET', '/api/admin/forms?name=nothing-like-it')).json().data.total).toBe(0);
  });

  it('refuses a submission to a form never published', async () => {
    expect((await call('GET', `/api/admin/forms/${formId}/schema`)).statusCode).toBe(404);
    const refused = await call('POST', `/api/admin/forms/${formId}/submissions`, { values: { title: 'x' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('The form has not been published, so it takes no submissions');
    expect(await submissionCount()).toBe(0);
  });

  it('publishes the draft as version 1, then version 2, and serves the latest', async () => {
    const first = await call('POST', `/api/admin/forms/${formId}/publish`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ formId, version: 1, publishedBy: 'sysadmin' });

    await call('PUT', `/api/admin/forms/${formId}`, { ...draft([title, items, mobile]), name: 'Purchase order' });
    const second = await call('POST', `/api/admin/forms/${formId}/publish`);
    expect(second.json().data).toMatchObject({ version: 2 });

    const schema = (await call('GET', `/api/admin/forms/${formId}/schema`)).json().data as FormVersion;
    expect(schema.version).toBe(2);
    expect(schema.field.fields.map((field) => field.key)).toEqual(['title', 'items', 'mobile']);
    const versions = (await call('GET', `/api/admin/forms/${formId}/versions`)).json().data as FormVersion[];
    expect(versions.map((version) => [version.version, version.field.fields.length])).toEqual([
      [2, 3],
      [1, 2],
    ]);
    expect((await call('GET', `/api/admin/forms/${formId}`)).json().data.version).toBe(2);
  });

  it('answers a bad submission 422 with every problem in the caller language, keeping nothing', async () => {
    const values = { title: '', items: [{ qty: 0 }], mobile: '12345', colour: 'red' };
    const english = await call('POST', `/api/admin/forms/${formId}/submissions`, { values });
    expect(english.statusCode, english.body).toBe(422);
    expect(english.json()).toEqual({
      code: 422,
      message: 'The form has no field colour',
      data: {
        problems: [
          { field: 'colour', message: 'The form has no field colour' },
          { field: 'title', message: 'This field is required' },
          { field: 'items.0.qty', message: 'At least 1' },
          { field: 'mobile', message: expect.any(String) },
        ],
      },
    });
    const chinese = await call('POST', `/api/admin/forms/${formId}/submissions`, { values }, 'zh-CN');
    expect(chinese.statusCode).toBe(422);
    expect(chinese.json().data.problems.slice(1, 3)).toEqual([
      { field: 'title', message: '必填项不能为空' },
      { field: 'items.0.qty', message: '不能小于1' },
    ]);
    expect(await submissionCount()).toBe(0);
  });

  it('keeps a good submission with the version it was checked against', async () => {
    const stored = await call('POST', `/api/admin/forms/${formId}/submissions`, {
      values: { title: 'Paper', items: [{ qty: 5 }], mobile: '13800138000' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const submission = stored.json().data as FormSubmission;
    expect(submission).toMatchObject({ formId, version: 2, values: { title: 'Paper', items: [{ qty: 5 }], mobile: '13800138000' } });

    expect(submission).toMatchObject({ submittedByName: expect.any(String), postStatus: 'none', postError: null });
    const one = await call('GET', `/api/admin/forms/${formId}/submissions/${submission.id}`);
    expect(one.json().data).toMatchObject({ ...submission, labels: {} });
    expect(one.json().data.field.fields.map((field: { key: string }) => field.key)).toEqual(['title', 'items', 'mobile']);
    const page = (await call('GET', `/api/admin/forms/${formId}/submissions`)).json().data;
    expect(page).toMatchObject({ total: 1, records: [{ id: submission.id, version: 2 }] });
  });

  it('refuses bad schemas with 400', async () => {
    const bad = [
      [title, { ...title, label: label('再标题', 'Title again') }],
      [{ ...title, validators: [{ rule: 'pattern', value: '([a-z' }] }],
      [{ ...title, shownWhen: { field: 'nowhere', hasValue: true } }],
    ];
    const messages = [];
    for (const fields of bad) {
      const response = await call('POST', '/api/admin/forms', draft(fields));
      expect(response.statusCode, response.body).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      'The field key title is used twice',
      'Not a valid regular expression: ([a-z',
      'The condition names nowhere, which is not a field here',
    ]);
  });

  it('gives two publishes at the same moment distinct versions, or tells the later one', async () => {
    const answers = await Promise.all([
      call('POST', `/api/admin/forms/${formId}/publish`),
      call('POST', `/api/admin/forms/${formId}/publish`),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // SQLite runs the two one after the other; PostgreSQL lets them meet at the version's key.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const versions = (await call('GET', `/api/admin/forms/${formId}/versions`)).json().data as Array<{ version: number }>;
    expect(versions.map((one) => one.version)).toEqual(statuses[1] === 200 ? [4, 3, 2, 1] : [3, 2, 1]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    if (refused) expect(refused.json().message).toBe('Someone published this form at the same moment: refresh and try again');
  });

  it('deletes forms with their versions and submissions', async () => {
    const deleted = await call('POST', '/api/admin/forms/delete', { ids: [formId] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/admin/forms/${formId}`)).statusCode).toBe(404);
    expect(await submissionCount()).toBe(0);
    const log = await t.context.db.selectFrom('audit_operation_log').select('operation').where('operation', 'like', 'form:%').execute();
    expect(new Set(log.map((row) => row.operation))).toEqual(
      new Set(['form:add', 'form:edit', 'form:publish', 'form:fill', 'form:delete']),
    );
  });
});
