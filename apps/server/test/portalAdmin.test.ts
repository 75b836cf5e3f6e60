import type { NewsRow, PortalService, SiteSettings } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPng } from './pngImages.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/**
 * The cloud portal: what editors change reaches the public site at once, previews show unsaved content
 * without publishing it, uploads are images by their bytes, and nothing refused changes anything.
 */
describe(`cloud portal (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let editor: Tokens;
  let image: string;

  type Method = 'GET' | 'POST' | 'PUT';
  const call = (tokens: Tokens | null, method: Method, url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...(tokens ? bearer(tokens) : {}), 'accept-language': language } });
  const upload = (tokens: Tokens | null, bytes: Buffer, contentType = 'image/png', name = 'picture.png') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/attachments?name=${encodeURIComponent(name)}`,
      payload: bytes,
      headers: { ...(tokens ? bearer(tokens) : {}), 'content-type': contentType, 'accept-language': 'en' },
    });
  const ok = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const publicGet = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api/public/${path}` })).json().data;
  const news = (extra: object = {}) => ({
    title: '新校区智慧课堂启用',
    summary: '全校四十间教室完成改造。',
    cover: image,
    body: `<p onclick="steal()">正文</p><script>alert(1)</script><img src="${image}" alt="课堂">`,
    publishedAt: '2026-11-20 09:30',
    pinned: false,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    image = (await ok(await upload(admin, bannerPng(64, 32, [24, 144, 255], [19, 194, 194])))).url;
    // An editor who writes news but may not publish it.
    const operationIds = (
      await t.context.db
        .selectFrom('pf_operation')
        .select('id')
        .where('operation_code', 'in', ['portal:news:view', 'portal:news:add', 'portal:news:edit'])
        .execute()
    ).map((row) => row.id);
    const role = await ok(
      await call(admin, 'POST', '/api/admin/roles', { roleCode: 'news_writer', roleName: 'News writer', roleScope: 'global' }),
    );
    await ok(await call(admin, 'PUT', `/api/admin/roles/${role.id}/operations`, { operationIds }));
    const password = 'Writer@2026';
    const account = await ok(
      await call(admin, 'POST', '/api/admin/accounts', {
        userName: 'news_writer',
        name: 'Writer',
        password,
        confirmPassword: password,
        maxSessionNumber: -1,
      }),
    );
    await ok(await call(admin, 'POST', '/api/admin/roles/authorise', { accountIds: [account.id], roleIds: [role.id], revoke: false }));
    editor = await signIn(t.app, { userName: 'news_writer', password });
  });
  afterAll(async () => t.close());

  it('stores an uploaded image once, by its bytes, and serves it for good', async () => {
    const bytes = bannerPng(120, 80, [250, 140, 22], [245, 34, 45]);
    const stored = await ok(await upload(admin, bytes, 'application/octet-stream', 'cover "final".png'));
    expect(stored).toMatchObject({
      contentType: 'image/png',
      width: 120,
      height: 80,
      byteSize: bytes.length,
      fileName: 'cover _final_.png',
    });
    expect(stored.url).toMatch(/^\/api\/files\/[0-9a-f]{64}\.png$/);
    expect((await ok(await upload(admin, bytes))).id).toBe(stored.id);

    const served = await t.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fqiming.sqlite' })).statusCode).toBe(404);
  });

  it('refuses what is not an image it takes, whatever the upload claims, and keeps nothing of it', async () => {
    const before = await t.context.db.selectFrom('sys_attachment').select('id').execute();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const refusals: Array<[Awaited<ReturnType<typeof upload>>, number, string]> = [
      [await upload(admin, svg, 'image/png'), 400, 'Only PNG, JPEG, GIF or WebP images can be uploaded'],
      [
        await upload(admin, Buffer.from('plain text'), 'application/octet-stream'),
        400,
        'Only PNG, JPEG, GIF or WebP images can be uploaded',
      ],
      [await upload(admin, svg, 'image/svg+xml'), 415, ''],
      [await upload(admin, Buffer.alloc(6 * 1024 * 1024, 1)), 400, 'Images may not exceed 5 MB'],
      [await upload(admin, bannerPng(9000, 2, [0, 0, 0], [255, 255, 255])), 400, 'Image sides may not exceed 8000 pixels'],
      [await upload(null, bannerPng(8, 8, [0, 0, 0], [9, 9, 9])), 401, ''],
    ];
    for (const [response, status, message] of refusals) {
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    expect(await t.context.db.selectFrom('sys_attachment').select('id').execute()).toEqual(before);
  });

  it('saves the site settings and shows them on the site at once; bad values change nothing', async () => {
    const settings = (await ok(await call(admin, 'GET', '/api/admin/portal/site'))) as SiteSettings;
    expect(settings.filingNumber).toBe('浙ICP备14032688号-1');
    expect((await publicGet('site')).filingNumber).toBe('浙ICP备14032688号-1');

    const bad: Array<[Partial<SiteSettings>, string]> = [
      [{ mailbox: 'not-mail' }, 'Invalid email address'],
      [{ filingUrl: 'javascript:alert(1)' }, 'URL must start with http or https'],
      [{ mapLongitude: '200' }, 'Enter a number from -180 to 180'],
      [{ contactQr: '/etc/passwd' }, 'Upload an image'],
      [{ contactQr: `/api/files/${'a'.repeat(64)}.png` }, 'The image does not exist; upload it again'],
      [{ companyName: '' }, 'This field is required'],
    ];
    for (const [change, message] of bad) {
      const response = await call(admin, 'PUT', '/api/admin/portal/site', { ...settings, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await publicGet('site')).filingNumber).toBe('浙ICP备14032688号-1');

    const zh = await call(admin, 'PUT', '/api/admin/portal/site', { ...settings, contactQr: '/etc/passwd' }, 'zh');
    expect(zh.json().message).toContain('请上传图片');

    await ok(await call(admin, 'PUT', '/api/admin/portal/site', { ...settings, filingNumber: '浙ICP备20260001号-3', contactQr: image }));
    expect(await publicGet('site')).toMatchObject({ filingNumber: '浙ICP备20260001号-3', contactQr: image });
    expect((await call(await signIn(t.app, staff), 'PUT', '/api/admin/portal/site', settings)).statusCode).toBe(403);
  });

  it('writes news as a draft, previews it, publishes it to the top when pinned, edits it live only with the right to publish, and withdraws it', async () => {
    const draft = (await ok(await call(editor, 'POST', '/api/admin/portal/news', news({ pinned: true })))) as NewsRow;
    expect(draft.status).toBe('draft');
    expect(draft.body).toBe(`<p>正文</p><img src="${image}" alt="课堂" />`);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/news/${draft.id}` })).statusCode).toBe(404);

    // A preview link shows the unpublished item on the real site: it takes the right to publish.
    const writerPreview = await call(editor, 'POST', `/api/admin/portal/news/preview?id=${draft.id}`, news({ title: '预览标题' }));
    expect(writerPreview.statusCode).toBe(403);
    const preview = await ok(await call(admin, 'POST', `/api/admin/portal/news/preview?id=${draft.id}`, news({ title: '预览标题' })));
    const shown = await publicGet(`preview/${preview.token}`);
    expect(shown).toMatchObject({ kind: 'news', payload: { id: draft.id, title: '预览标题', cover: image } });
    expect(shown.payload.body).not.toMatch(/script|onclick/);
    expect((await publicGet('news?limit=20')).records.map((item: { id: number }) => item.id)).not.toContain(draft.id);

    const refused = await call(editor, 'POST', `/api/admin/portal/news/${draft.id}/publish`);
    expect(refused.statusCode).toBe(403);
    const published = await ok(await call(admin, 'POST', `/api/admin/portal/news/${draft.id}/publish`));
    expect(published.status).toBe('published');
    const again = await call(admin, 'POST', `/api/admin/portal/news/${draft.id}/publish`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The news item is not in a state that allows this');
    const listed = (await publicGet('news?limit=3')).records;
    expect(listed.filter((item: { pinned: boolean }) => item.pinned).map((item: { id: number }) => item.id)).toContain(draft.id);
    expect((await publicGet(`news/${draft.id}`)).body).toContain(`<img src="${image}"`);

    // Editing what the site shows is publishing: the writer may not, the publisher may, and it shows at once.
    const rewrite = await call(editor, 'PUT', `/api/admin/portal/news/${draft.id}`, news({ title: '改后的标题', pinned: true }));
    expect(rewrite.statusCode).toBe(403);
    expect(rewrite.json().message).toBe('This news item is published: changing it changes the site, which takes the right to publish');
    expect((await publicGet(`news/${draft.id}`)).title).not.toBe('改后的标题');
    await ok(await call(admin, 'PUT', `/api/admin/portal/news/${draft.id}`, news({ title: '改后的标题', pinned: true })));
    expect((await publicGet(`news/${draft.id}`)).title).toBe('改后的标题');

    await ok(await call(admin, 'POST', `/api/admin/portal/news/${draft.id}/withdraw`));
    expect((await t.app.inject({ method: 'GET', url: `/api/public/news/${draft.id}` })).statusCode).toBe(404);
    const drafts = await ok(await call(editor, 'GET', '/api/admin/portal/news?status=withdrawn&limit=50'));
    expect(drafts.records.map((item: NewsRow) => item.id)).toContain(draft.id);
  });

  it('refuses news with a missing cover, a bad time or an empty body, and stores nothing', async () => {
    const count = async () => (await t.context.db.selectFrom('portal_news').select('id').execute()).length;
    const before = await count();
    for (const [change, message] of [
      [{ cover: `/api/files/${'b'.repeat(64)}.jpg` }, 'The image does not exist; upload it again'],
      [{ publishedAt: 'yesterday' }, 'Times are YYYY-MM-DD HH:mm'],
      [{ body: '' }, 'This field is required'],
    ] as const) {
      const response = await call(admin, 'POST', '/api/admin/portal/news', news(change));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await count()).toBe(before);
    expect((await call(editor, 'POST', '/api/admin/portal/news/delete', { ids: [1] })).statusCode).toBe(403);
  });

  it('expires a preview link after half an hour', async () => {
    const settings = await ok(await call(admin, 'GET', '/api/admin/portal/site'));
    const { token } = await ok(await call(admin, 'POST', '/api/admin/portal/site/preview', { ...settings, filingNumber: '预览备案号' }));
    expect((await publicGet(`preview/${token}`)).payload.filingNumber).toBe('预览备案号');
    expect((await publicGet('site')).filingNumber).not.toBe('预览备案号');
    t.clock.advance(31 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/public/preview/${token}`, headers: { 'accept-language': 'en' } });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('This preview link has expired');
  });

  it('keeps services in their order, refuses a taken place, and shows a change on the site at once', async () => {
    const cases = (await publicGet('services?kind=innovation')) as PortalService[];
    expect(cases).toHaveLength(5);
    const service = {
      kind: 'innovation',
      seq: 4,
      name: '校园安防',
      summary: '校园视频与门禁一体化。',
      features: '人脸门禁\n\n访客预约',
      image,
    };
    const taken = await call(admin, 'POST', '/api/admin/portal/services', service);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Another entry already has this order number');
    const created = await ok(await call(admin, 'POST', '/api/admin/portal/services', { ...service, seq: 9 }));
    expect(created).toMatchObject({ features: ['人脸门禁', '访客预约'], image });
    const after = (await publicGet('services?kind=innovation')) as PortalService[];
    expect(after.map((item) => item.name).at(-1)).toBe('校园安防');
    expect(after.at(-1)?.index).toBe(5);

    const missing = await call(admin, 'PUT', `/api/admin/portal/services/${created.id}`, {
      ...service,
      seq: 9,
      image: `/api/files/${'c'.repeat(64)}.png`,
    });
    expect(missing.statusCode).toBe(400);
    await ok(await call(admin, 'POST', '/api/admin/portal/services/delete', { ids: [created.id] }));
    expect((await publicGet('services?kind=innovation')) as PortalService[]).toHaveLength(5);
    const listed = await ok(await call(admin, 'GET', '/api/admin/portal/services?kind=information'));
    expect(listed.total).toBe(7);
  });

  it('edits customers, about-us sections and job openings alike', async () => {
    const customer = await ok(
      await call(admin, 'POST', '/api/admin/portal/customers', {
        seq: 50,
        name: '滨江区教育局',
        category: '教育局',
        region: '杭州',
        description: '',
        logo: image,
      }),
    );
    expect((await publicGet('customers')).at(-1)).toMatchObject({ name: '滨江区教育局', logo: image });
    const sections = await ok(await call(admin, 'GET', '/api/admin/portal/about'));
    const [first] = sections.records;
    await ok(await call(admin, 'PUT', `/api/admin/portal/about/${first.id}`, { seq: first.seq, title: '公司概况', body: '新的简介。' }));
    expect((await publicGet('about'))[0]).toMatchObject({ index: 0, title: '公司概况', body: '新的简介。' });
    const job = {
      seq: 9,
      title: '测试工程师',
      department: '质量部',
      location: '杭州',
      headcount: 'two',
      duties: '测试',
      requirements: '经验',
    };
    expect((await call(admin, 'POST', '/api/admin/portal/jobs', job)).statusCode).toBe(400);
    await ok(await call(admin, 'POST', '/api/admin/portal/jobs', { ...job, headcount: 2 }));
    expect((await publicGet('positions')).at(-1)).toMatchObject({ title: '测试工程师', headcount: 2 });
    await ok(await call(admin, 'POST', '/api/admin/portal/customers/delete', { ids: [customer.id] }));
    expect((await publicGet('customers')).map((item: { name: string }) => item.name)).not.toContain('滨江区教育局');
  });
});
