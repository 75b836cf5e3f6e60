import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormSubmission, SubmissionDetail } from '@qiming/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetNameOf } from '../src/modules/forms/submissionRoutes.ts';
import { createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const label = (zh: string, en: string) => ({ zh, en });
const password = 'Secret@2026';
const ipAddress = /\b\d{1,3}(\.\d{1,3}){3}\b|::1|::ffff/;

/** A loopback receiver that holds every request until released, counting how many it holds at once. */
async function startHoldingReceiver() {
  const held: http.ServerResponse[] = [];
  let mostHeld = 0;
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      held.push(response);
      mostHeld = Math.max(mostHeld, held.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    held: () => held.length,
    mostHeld: () => mostHeld,
    received: () => received,
    release: () => {
      for (const response of held.splice(0)) response.writeHead(200).end('ok');
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const until = async (what: string, holds: () => Promise<boolean> | boolean) => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await holds()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
};

/**
 * Cloud forms under abuse: submissions too large for one reference query at a time, dictionaries a filler
 * must not reach by a near-miss code, form names Excel refuses, listings that would carry every value, and
 * posting on that must neither leak addresses nor open unbounded sockets.
 */
describe(`cloud forms, abused (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  let organId: number;
  let mateId: number;
  const manyCodes = Array.from({ length: 1200 }, (_, index) => `C${String(index).padStart(4, '0')}`);

  const { call, ok, su, scopedRole, createAccount } = namedCalls(() => t, tokens);

  async function publishedForm(name: string, fields: object[], extra: object = {}) {
    const form = await ok(
      await su('POST', '/api/admin/forms', {
        name,
        description: '',
        field: { fields },
        action: 'abuse.test',
        url: '',
        modelName: 'abuse_test',
        ...extra,
      }),
    );
    await ok(await su('POST', `/api/admin/forms/${form.id}/publish`));
    return form.id as number;
  }

  async function dictionary(dictCode: string, codes: string[]) {
    const created = await ok(await su('POST', '/api/admin/dicts', { dictCode, dictName: dictCode }));
    if (codes.length > 0) {
      await t.context.db
        .insertInto('pf_dict_item')
        .values(codes.map((code, index) => ({ dict_id: created.id, item_code: code, item_value: `Item ${code}`, item_index: index })))
        .execute();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    organId = (
      await ok(await su('POST', '/api/admin/organs', { organCode: 'AB_HQ', organName: 'Abuse HQ', typeCode: 'CORP', struType: 'admin' }))
    ).id;
    const roleId = await scopedRole('ab_filler', ['form:fill', 'submission:view'], [organId]);
    const account = (userName: string) => createAccount({ userName, password, organId });
    const fillerId = await account('ab_filler');
    mateId = await account('ab_mate');
    await ok(await su('POST', '/api/admin/roles/authorise', { accountIds: [fillerId], roleIds: [roleId], revoke: false }));
    tokens.ab_filler = await signIn(t.app, { userName: 'ab_filler', password });
    await dictionary('ab_many', manyCodes);
  });
  afterAll(async () => t.close());

  it('checks a 500-row sub-table and a checkbox of 40,000 values with a few queries, right either way', async () => {
    const formId = await publishedForm('Bulk request', [
      { key: 'title', label: label('标题', 'Title'), kind: 'text' },
      { key: 'all', label: label('全部', 'All'), kind: 'checkbox', options: { dictCode: 'ab_many' } },
      {
        key: 'rows',
        label: label('明细', 'Rows'),
        kind: 'subTable',
        fields: [
          { key: 'place', label: label('地区', 'Place'), kind: 'region' },
          { key: 'tags', label: label('标签', 'Tags'), kind: 'checkbox', options: { dictCode: 'ab_many' } },
          { key: 'office', label: label('机构', 'Office'), kind: 'organ' },
          { key: 'who', label: label('谁', 'Who'), kind: 'account' },
        ],
      },
    ]);
    // Every row names a region path and 20 of the 1,200 items, each item named by about 8 rows.
    const rows = Array.from({ length: 500 }, (_, index) => ({
      place: index % 2 === 0 ? ['110000', '110101'] : ['310000', '310101'],
      tags: Array.from({ length: 20 }, (_, offset) => manyCodes[(index * 20 + offset) % manyCodes.length]),
      office: organId,
      who: mateId,
    }));
    const submit = (values: object) => call('ab_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values });

    // Measured: the three submissions together take about 0.4 s on SQLite (the review saw 676 s for one before).
    const accepted = await ok(await submit({ title: 'All of them', all: manyCodes, rows }));
    expect((accepted as FormSubmission).values.rows).toHaveLength(500);

    const badRows = rows.map((row, index) => (index === 499 ? { ...row, place: ['110000', '310101'] } : row));
    const wrongPath = await submit({ title: 'One wrong path', rows: badRows });
    expect(wrongPath.statusCode, wrongPath.body.slice(0, 500)).toBe(422);
    expect(wrongPath.json().data.problems).toEqual([
      { field: 'rows.499.place', message: 'Choose the region level by level from the list' },
    ]);

    // 40,000 distinct values: one query would pass SQLite's variable limit and answer 500.
    const tooMany = [...manyCodes, ...Array.from({ length: 40_000 - manyCodes.length }, (_, index) => `X${index}`)];
    const refused = await submit({ title: 'Made up', all: tooMany });
    expect(refused.statusCode, refused.body.slice(0, 500)).toBe(422);
    expect(refused.json().data.problems).toEqual([{ field: 'all', message: 'Choose one of the listed items' }]);
  });

  it('opens to fillers only dictionaries the latest published versions name, by their exact code', async () => {
    await dictionary('p_pub', ['A']);
    await dictionary('P_PUB', ['SECRET']);
    await dictionary('p_cell', ['B']);
    await dictionary('p_dropped', ['C']);
    const colour = { key: 'colour', label: label('颜色', 'Colour'), kind: 'select', options: { dictCode: 'p_pub' } };
    const cells = {
      key: 'lines',
      label: label('明细', 'Lines'),
      kind: 'subTable',
      fields: [{ key: 'shade', label: label('色调', 'Shade'), kind: 'radio', options: { dictCode: 'p_cell' } }],
    };
    const dropped = { key: 'old', label: label('旧', 'Old'), kind: 'select', options: { dictCode: 'p_dropped' } };
    const formId = await publishedForm('Dictionary request', [colour, cells, dropped]);
    const lookup = (dictCode: string) => call('ab_filler', 'GET', `/api/admin/forms/lookup/dicts/${dictCode}`);
    expect(await ok(await lookup('p_dropped'))).toEqual([{ value: 'C', label: 'Item C' }]);

    const draft = await ok(await su('GET', `/api/admin/forms/${formId}`));
    await ok(await su('PUT', `/api/admin/forms/${formId}`, { ...draft, field: { fields: [colour, cells] } }));
    await ok(await su('POST', `/api/admin/forms/${formId}/publish`));

    expect(await ok(await lookup('p_pub'))).toEqual([{ value: 'A', label: 'Item A' }]);
    expect(await ok(await lookup('p_cell'))).toEqual([{ value: 'B', label: 'Item B' }]);
    // Differs only in case from a published code: SQLite's LIKE would have let it through.
    expect((await lookup('P_PUB')).statusCode).toBe(404);
    // Published once, but no longer in the latest version.
    expect((await lookup('p_dropped')).statusCode).toBe(404);
  });

  it('names the export sheet after the form even when Excel refuses the name as it is', async () => {
    expect(sheetNameOf("'Quoted'")).toBe('Quoted');
    expect(sheetNameOf("  ' leading")).toBe('leading');
    expect(sheetNameOf("'''")).toBe('Submissions');
    expect(sheetNameOf('History')).toBe('Submissions');
    expect(sheetNameOf('history')).toBe('Submissions');
    expect(sheetNameOf('a/b[c]')).toBe('a b c');
    expect(sheetNameOf(`${'x'.repeat(30)}'tail`)).toBe('x'.repeat(30));
    expect(sheetNameOf(`${'x'.repeat(30)}😀`)).toBe('x'.repeat(30));

    const title = { key: 'title', label: label('标题', 'Title'), kind: 'text' };
    for (const [name, sheetName] of [
      ["'Quoted'", 'Quoted'],
      ['History', 'Submissions'],
    ]) {
      const formId = await publishedForm(name as string, [title]);
      await ok(await call('ab_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values: { title: 'One' } }));
      const response = await su('GET', `/api/admin/forms/${formId}/submissions/export`);
      expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]?.name).toBe(sheetName);
      expect(workbook.worksheets[0]?.getRow(2).getCell(1).value).toBe('One');
    }
  });

  it('lists submissions without their values, which only the detail carries', async () => {
    const formId = await publishedForm('Listed request', [{ key: 'title', label: label('标题', 'Title'), kind: 'text' }]);
    const stored = (await ok(
      await call('ab_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values: { title: 'Private' } }),
    )) as FormSubmission;
    const page = await ok(await call('ab_filler', 'GET', `/api/admin/forms/${formId}/submissions`));
    expect(page.total).toBe(1);
    expect(page.records[0]).toEqual({
      id: stored.id,
      formId,
      version: 1,
      submittedBy: stored.submittedBy,
      submittedByName: 'ab_filler',
      submittedAt: stored.submittedAt,
      postStatus: 'none',
      postError: null,
    });
    const detail = (await ok(await call('ab_filler', 'GET', `/api/admin/forms/${formId}/submissions/${stored.id}`))) as SubmissionDetail;
    expect(detail.values).toEqual({ title: 'Private' });
  });

  it('records why posting on failed by host and a short reason, never an address', async () => {
    const receiver = await startHoldingReceiver();
    await receiver.close();
    const title = { key: 'title', label: label('标题', 'Title'), kind: 'text' };
    const settle = async (formId: number, id: number) => {
      let detail: SubmissionDetail | undefined;
      await until('posting on finished', async () => {
        detail = (await ok(await su('GET', `/api/admin/forms/${formId}/submissions/${id}`))) as SubmissionDetail;
        return detail.postStatus !== 'pending';
      });
      return detail as SubmissionDetail;
    };
    const submitTo = async (url: string) => {
      const formId = await publishedForm(`Posted to ${url}`, [title], { url });
      const stored = (await ok(
        await call('ab_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values: { title: 'x' } }),
      )) as FormSubmission;
      return settle(formId, stored.id);
    };

    // localhost resolves to loopback: the outbound module's refusal names the address, the stored reason must not.
    await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: [], smtpPort: 25 }));
    const refused = await submitTo(`http://localhost:${receiver.port}/hook`);
    expect(refused.postStatus).toBe('failed');
    expect(refused.postError).toBe('localhost: refused by the allow-list');
    expect(refused.postError).not.toMatch(ipAddress);

    // Nobody listens there any more: undici's message ("connect ECONNREFUSED 127.0.0.1:…") stays out.
    await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: ['localhost'], smtpPort: 25 }));
    const unanswered = await submitTo(`http://localhost:${receiver.port}/hook`);
    expect(unanswered.postError).toBe('localhost: no answer');
  });

  it('posts on at most four submissions at once; the rest wait their turn and are posted', async () => {
    const receiver = await startHoldingReceiver();
    try {
      await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: ['127.0.0.1'], smtpPort: 25 }));
      const formId = await publishedForm('Flooded request', [{ key: 'title', label: label('标题', 'Title'), kind: 'text' }], {
        url: receiver.url,
      });
      for (let index = 0; index < 10; index += 1) {
        await ok(await call('ab_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values: { title: `n${index}` } }));
      }
      await until('four postings held', () => receiver.held() === 4);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.held()).toBe(4);
      await until('all ten received', () => {
        receiver.release();
        return receiver.received() === 10;
      });
      receiver.release();
      expect(receiver.mostHeld()).toBe(4);
      await until('all ten posted', async () => {
        const page = await ok(await su('GET', `/api/admin/forms/${formId}/submissions?limit=50`));
        return (page.records as FormSubmission[]).every((record) => record.postStatus === 'posted');
      });
    } finally {
      await receiver.close();
    }
  });
});
