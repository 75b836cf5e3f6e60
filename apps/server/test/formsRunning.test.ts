import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormSubmission, LookupOption, PublishedForm, SubmissionDetail } from '@qiming/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPng } from './pngImages.ts';
import { submissionCounter } from './submissionCounter.ts';
import { bearer, createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const label = (zh: string, en: string) => ({ zh, en });
const password = 'Secret@2026';

/** A real HTTP listener on loopback that records the bodies it receives. */
async function startReceiver() {
  const bodies: unknown[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    bodies,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const fields = [
  { key: 'title', label: label('标题', 'Title'), kind: 'text', required: true },
  { key: 'colour', label: label('颜色', 'Colour'), kind: 'select', options: { dictCode: 'f_colour' } },
  { key: 'office', label: label('机构', 'Office'), kind: 'organ' },
  { key: 'owner', label: label('负责人', 'Owner'), kind: 'account' },
  { key: 'place', label: label('地区', 'Place'), kind: 'region' },
  { key: 'photos', label: label('照片', 'Photos'), kind: 'upload' },
  { key: 'note', label: label('说明', 'Note'), kind: 'richText' },
  { key: 'people', label: label('人员', 'People'), kind: 'subTable', fields: [{ key: 'who', label: label('谁', 'Who'), kind: 'account' }] },
];

/**
 * Running cloud forms: three grants (designing, filling in, reading submissions), the records a
 * submission names checked against what exists and what the filler may reach, the export, and
 * posting a kept submission on through the outbound allow-list.
 */
describe(`cloud forms, running (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const organs: Record<string, number> = {};
  const accounts: Record<string, number> = {};
  let formId: number;
  let theirImage: number;

  const { call, ok, su, scopedRole, createAccount } = namedCalls(() => t, tokens);
  const upload = async (who: string, bytes: Buffer) =>
    (
      await ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/attachments?name=photo.png',
          payload: bytes,
          headers: { ...bearer(tokens[who] as Tokens), 'content-type': 'image/png' },
        }),
      )
    ).id as number;
  let submissionCount: () => Promise<number>;

  const role = (code: string, operations: string[], scopeOrgans: string[] | 'global') =>
    scopedRole(code, operations, scopeOrgans === 'global' ? 'global' : scopeOrgans.map((organ) => organs[organ] as number));

  async function account(userName: string, name: string, organ: string, roleIds: number[]) {
    const id = await createAccount({ userName, name, password, organId: organs[organ] as number });
    accounts[userName] = id;
    if (roleIds.length > 0) await ok(await su('POST', '/api/admin/roles/authorise', { accountIds: [id], roleIds, revoke: false }));
    tokens[userName] = await signIn(t.app, { userName, password });
  }

  async function createForm(extra: object = {}) {
    const form = await ok(
      await su('POST', '/api/admin/forms', {
        name: 'Equipment request',
        description: 'Asks for equipment',
        field: { fields },
        action: 'equipment.request',
        url: '',
        modelName: 'equipment_request',
        ...extra,
      }),
    );
    return form.id as number;
  }

  const goodValues = () => ({
    title: 'Laptop',
    colour: 'R',
    office: organs.F_A,
    owner: accounts.f_mate,
    place: ['110000', '110101'],
    note: '<p onclick="steal()">Fast</p><script>alert(1)</script>',
    people: [{ who: accounts.f_mate }],
  });

  beforeAll(async () => {
    t = await createTestApp();
    submissionCount = await submissionCounter(t.context.db);
    tokens.sysadmin = await signIn(t.app, sysadmin);
    const organ = async (code: string, name: string, typeCode: string, parent: string | null) => {
      const created = await ok(
        await su('POST', '/api/admin/organs', {
          organCode: code,
          organName: name,
          typeCode,
          struType: 'admin',
          parentOrganId: parent === null ? null : organs[parent],
        }),
      );
      organs[code] = created.id;
    };
    await organ('F_HQ', 'Forms head office', 'CORP', null);
    await organ('F_A', 'Forms office A', 'DEPT', 'F_HQ');
    await organ('F_B', 'Forms office B', 'DEPT', 'F_HQ');
    const filler = await role('f_filler', ['form:fill'], ['F_A']);
    const viewer = await role('f_viewer', ['submission:view'], 'global');
    await account('f_filler', 'Fay Filler', 'F_A', [filler]);
    await account('f_viewer', 'Vic Viewer', 'F_A', [viewer]);
    await account('f_mate', 'Mat Mate', 'F_A', []);
    await account('f_stranger', 'Sam Stranger', 'F_B', []);
    const dictionary = await ok(await su('POST', '/api/admin/dicts', { dictCode: 'f_colour', dictName: 'Colours' }));
    await ok(await su('POST', `/api/admin/dicts/${dictionary.id}/items`, { itemCode: 'R', itemValue: 'Red', index: 1 }));
    await ok(await su('POST', `/api/admin/dicts/${dictionary.id}/items`, { itemCode: 'G', itemValue: 'Green', index: 2 }));
    await ok(await su('POST', '/api/admin/dicts', { dictCode: 'f_secret', dictName: 'Secret' }));
    theirImage = await upload('sysadmin', bannerPng(8, 8, [255, 0, 0], [0, 0, 255]));
  });
  afterAll(async () => t.close());

  it('refuses to publish a form whose options name a dictionary that does not exist', async () => {
    const id = await createForm({ field: { fields: [{ ...fields[1], options: { dictCode: 'no_such_dict' } }] } });
    const refused = await su('POST', `/api/admin/forms/${id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The field colour takes its options from the dictionary no_such_dict, which does not exist: the form cannot be published',
    );
    expect((await ok(await su('GET', `/api/admin/forms/${id}/versions`))).length).toBe(0);
    await ok(await su('POST', '/api/admin/forms/delete', { ids: [id] }));
  });

  it('lets a filler fill in, a viewer read, and neither do the other', async () => {
    formId = await createForm();
    await ok(await su('POST', `/api/admin/forms/${formId}/publish`));
    const draft = await createForm({ name: 'Draft request' });

    const published = (await ok(await call('f_filler', 'GET', '/api/admin/forms/published'))) as PublishedForm[];
    // The demo's leave request is published too; a form never published is not offered.
    expect(published.map((form) => form.name).sort()).toEqual(['Equipment request', '请假申请']);
    expect(published).toContainEqual({ id: formId, name: 'Equipment request', description: 'Asks for equipment', version: 1 });
    expect((await ok(await call('f_filler', 'GET', `/api/admin/forms/${formId}/schema`))).version).toBe(1);
    for (const url of [
      '/api/admin/forms',
      `/api/admin/forms/${formId}`,
      '/api/admin/forms/names',
      `/api/admin/forms/${formId}/submissions`,
    ]) {
      expect((await call('f_filler', 'GET', url)).statusCode, url).toBe(403);
    }

    const names = (await ok(await call('f_viewer', 'GET', '/api/admin/forms/names'))) as Array<{ id: number; name: string }>;
    expect(names.map((form) => form.name).sort()).toEqual(['Equipment request', '请假申请']);
    expect((await call('f_viewer', 'POST', `/api/admin/forms/${formId}/submissions`, { values: goodValues() })).statusCode).toBe(403);
    expect((await call('f_viewer', 'GET', '/api/admin/forms/published')).statusCode).toBe(403);
    expect((await call('f_viewer', 'GET', `/api/admin/forms/${formId}/submissions/export`)).statusCode).toBe(403);
    expect(await submissionCount()).toBe(0);
    await ok(await su('POST', '/api/admin/forms/delete', { ids: [draft] }));
  });

  it('offers a filler only the organisations and accounts in their scope, and the dictionaries published forms use', async () => {
    const organNames = ((await ok(await call('f_filler', 'GET', '/api/admin/forms/lookup/organs'))) as LookupOption[]).map((o) => o.label);
    expect(organNames).toEqual(['Forms office A']);
    const people = (await ok(await call('f_filler', 'GET', '/api/admin/forms/lookup/accounts?limit=50'))) as LookupOption[];
    expect(people.map((person) => person.label).sort()).toEqual(['Fay Filler', 'Mat Mate', 'Vic Viewer']);
    const found = (await ok(await call('f_filler', 'GET', '/api/admin/forms/lookup/accounts?text=mat'))) as LookupOption[];
    expect(found).toEqual([{ value: accounts.f_mate, label: 'Mat Mate' }]);
    expect(await ok(await call('f_filler', 'GET', '/api/admin/forms/lookup/dicts/f_colour'))).toEqual([
      { value: 'R', label: 'Red' },
      { value: 'G', label: 'Green' },
    ]);
    expect((await call('f_filler', 'GET', '/api/admin/forms/lookup/dicts/f_secret')).statusCode).toBe(404);
    const provinces = (await ok(await call('f_filler', 'GET', '/api/admin/forms/lookup/regions'))) as LookupOption[];
    expect(provinces.find((region) => region.value === '110000')).toMatchObject({ isLeaf: false });
    const cities = (await ok(await call('f_filler', 'GET', '/api/admin/forms/lookup/regions?code=110000'))) as LookupOption[];
    expect(cities.map((region) => region.value)).toContain('110101');
  });

  it('refuses each reference the filler may not make with 422 at its field, keeping nothing', async () => {
    const mine = await upload('f_filler', bannerPng(8, 8, [0, 255, 0], [0, 0, 0]));
    const cases: [object, string, string][] = [
      [{ colour: 'X' }, 'colour', 'Choose one of the listed items'],
      [{ office: organs.F_B }, 'office', 'Choose an organisation within your reach'],
      [{ office: 999_999 }, 'office', 'Choose an organisation within your reach'],
      [{ owner: accounts.f_stranger }, 'owner', 'Choose an account within your reach'],
      [{ place: ['110000', '310101'] }, 'place', 'Choose the region level by level from the list'],
      [{ place: ['110101'] }, 'place', 'Choose the region level by level from the list'],
      [{ photos: [mine, theirImage] }, 'photos', 'The attachment is not one of your uploads: upload it again'],
      [{ people: [{ who: accounts.f_mate }, { who: accounts.f_stranger }] }, 'people.1.who', 'Choose an account within your reach'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await call('f_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values: { ...goodValues(), ...change } });
      expect(refused.statusCode, JSON.stringify(change)).toBe(422);
      expect(refused.json().data.problems).toEqual([{ field, message }]);
    }
    expect(await submissionCount()).toBe(0);
  });

  it('keeps a good submission with its rich text sanitised, and shows it with names to a viewer', async () => {
    // The same bytes as someone else's upload are stored once; uploading them makes them the filler's too.
    const same = await upload('f_filler', bannerPng(8, 8, [255, 0, 0], [0, 0, 255]));
    expect(same).toBe(theirImage);
    const stored = (await ok(
      await call('f_filler', 'POST', `/api/admin/forms/${formId}/submissions`, { values: { ...goodValues(), photos: [same] } }),
    )) as FormSubmission;
    expect(stored.values.note).toBe('<p>Fast</p>');
    expect(stored).toMatchObject({ submittedByName: 'Fay Filler', postStatus: 'none' });

    const detail = (await ok(await call('f_viewer', 'GET', `/api/admin/forms/${formId}/submissions/${stored.id}`))) as SubmissionDetail;
    expect(detail.field.fields.map((field) => field.key)).toEqual(fields.map((field) => field.key));
    expect(detail.labels).toMatchObject({
      'dict:f_colour:R': 'Red',
      [`organ:${organs.F_A}`]: 'Forms office A',
      [`account:${accounts.f_mate}`]: 'Mat Mate',
      'region:110000': expect.any(String),
      'region:110101': expect.any(String),
      [`upload:${same}`]: expect.stringMatching(/^\/api\/files\/[0-9a-f]{64}\.png$/),
    });

    const search = async (query: string) =>
      ((await ok(await call('f_viewer', 'GET', `/api/admin/forms/${formId}/submissions?${query}`))) as { total: number }).total;
    expect(await search('submittedBy=fay')).toBe(1);
    expect(await search('submittedBy=vic')).toBe(0);
    const now = t.clock.now();
    expect(await search(`submittedFrom=${now - 1000}&submittedTo=${now + 1000}`)).toBe(1);
    expect(await search(`submittedFrom=${now + 1000}`)).toBe(0);
  });

  it('exports the submissions with one column per field in the language, names for ids and sub-tables counted', async () => {
    const response = await su('GET', `/api/admin/forms/${formId}/submissions/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Equipment request');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Title',
      'Colour',
      'Office',
      'Owner',
      'Place',
      'Photos',
      'Note',
      'People',
      'Submitted by',
      'Submitted at',
      'Version',
    ]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(0, 9)).toEqual([
      'Laptop',
      'Red',
      'Forms office A',
      'Mat Mate',
      expect.stringMatching(/^\S+ \/ \S+$/),
      '1 files',
      'Fast',
      '1 rows',
      'Fay Filler',
    ]);
    expect(row[9]).toBeInstanceOf(Date);
    expect(row[10]).toBe(1);
    expect(sheet.rowCount).toBe(2);
  });

  it('posts a kept submission on when the allow-list lets it, records a refusal otherwise, and posts one a stopped process left pending', async () => {
    const receiver = await startReceiver();
    try {
      const posting = await createForm({ name: 'Posted request', url: receiver.url, field: { fields: [fields[0]] } });
      await ok(await su('POST', `/api/admin/forms/${posting}/publish`));
      const settle = async (id: number) => {
        for (let tries = 0; tries < 100; tries += 1) {
          const detail = (await ok(await su('GET', `/api/admin/forms/${posting}/submissions/${id}`))) as SubmissionDetail;
          if (detail.postStatus !== 'pending') return detail;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('posting on never finished');
      };

      await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: ['127.0.0.1'], smtpPort: 25 }));
      const allowed = (await ok(
        await call('f_filler', 'POST', `/api/admin/forms/${posting}/submissions`, { values: { title: 'Sent on' } }),
      )) as FormSubmission;
      expect(allowed.postStatus).toBe('pending');
      expect(await settle(allowed.id)).toMatchObject({ postStatus: 'posted', postError: null });
      expect(receiver.bodies).toEqual([
        {
          form: { id: posting, name: 'Posted request', action: 'equipment.request', version: 1 },
          submission: expect.objectContaining({ id: allowed.id, submittedByName: 'Fay Filler', values: { title: 'Sent on' } }),
        },
      ]);

      await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: [], smtpPort: 25 }));
      const kept = (await ok(
        await call('f_filler', 'POST', `/api/admin/forms/${posting}/submissions`, { values: { title: 'Kept only' } }),
      )) as FormSubmission;
      const refused = await settle(kept.id);
      expect(refused.postStatus).toBe('failed');
      // The host as the form's url names it, with a short reason: never the outbound module's own message.
      expect(refused.postError).toBe('127.0.0.1: refused by the allow-list');
      expect(receiver.bodies).toHaveLength(1);
      expect(refused.values).toEqual({ title: 'Kept only' });

      // A posting a stopped process left pending is taken by the next poll once its claim ran out; one
      // another process still holds is left to it.
      await ok(await su('PUT', '/api/admin/alarms/settings', { allowList: ['127.0.0.1'], smtpPort: 25 }));
      const strand = (id: number, claimedUntil: number) =>
        t.context.db
          .updateTable('form_submission')
          .set({ post_status: 'pending', post_error: null, post_claimed_until: claimedUntil })
          .where('id', '=', id)
          .execute();
      await strand(kept.id, t.context.now() + 3_600_000);
      await strand(allowed.id, 0);
      expect(await settle(allowed.id)).toMatchObject({ postStatus: 'posted', postError: null });
      expect(receiver.bodies).toHaveLength(2);
      expect((await ok(await su('GET', `/api/admin/forms/${posting}/submissions/${kept.id}`))).postStatus).toBe('pending');
    } finally {
      await receiver.close();
    }
  });
});
