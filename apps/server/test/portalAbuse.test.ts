import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPng } from './pngImages.ts';
import { bearer, createTestApp, namedCalls, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/**
 * The cloud portal and the attachment store as an attacker tries them: names that lie about what a
 * file is, addresses that name no served image, and an account filling the disk.
 */
describe(`cloud portal abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const { call, ok } = namedCalls(() => t, tokens);
  /** Each upload gets bytes of its own: the store keeps the first name given to a content. */
  let uploads = 0;
  const freshPng = () => {
    uploads += 1;
    return bannerPng(20 + uploads, 12, [24, 144, 255], [19, 194, 194]);
  };

  const upload = (who: string, bytes: Buffer, name: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/attachments?name=${encodeURIComponent(name)}`,
      payload: bytes,
      headers: { ...bearer(tokens[who] as Tokens), 'content-type': 'application/octet-stream', 'accept-language': 'en' },
    });
  const attachmentCount = async () => (await t.context.db.selectFrom('sys_attachment').select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    tokens.staff01 = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it('serves an upload under a name that ends with what the bytes are, with no hidden direction marks', async () => {
    // U+202E turns "invoice‮gnp.html" into "invoicelmth.png" on screen; the saved copy would open as a web page.
    const disguised = await ok(await upload('staff01', freshPng(), 'invoice\u202egnp.html'));
    expect(disguised.fileName).toBe('invoice_gnp.png');
    const served = await t.app.inject({ method: 'GET', url: disguised.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe("inline; filename*=UTF-8''invoice_gnp.png");

    expect((await ok(await upload('staff01', freshPng(), 'logo.svg'))).fileName).toBe('logo.png');
    expect((await ok(await upload('staff01', freshPng(), 'setup.exe'))).fileName).toBe('setup.png');
    expect((await ok(await upload('staff01', freshPng(), ''))).fileName).toBe('image.png');
    expect((await ok(await upload('staff01', freshPng(), '班级合影.PNG'))).fileName).toBe('班级合影.png');

    // A name kept before uploads were named so is served as what the bytes are all the same.
    const earlier = await ok(await upload('staff01', freshPng(), 'earlier.png'));
    await t.context.db.updateTable('sys_attachment').set({ file_name: 'report\u202egnp.html' }).where('id', '=', earlier.id).execute();
    const servedEarlier = await t.app.inject({ method: 'GET', url: earlier.url });
    expect(servedEarlier.headers['content-disposition']).toBe("inline; filename*=UTF-8''report_gnp.png");
  });

  it('refuses a record that names a stored image at an address where it is not served', async () => {
    const stored = await ok(await upload('sysadmin', freshPng(), 'cover.png'));
    const elsewhere = stored.url.replace(/\.png$/, '.jpg');
    expect((await t.app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(404);

    const newsCount = async () => (await t.context.db.selectFrom('portal_news').select('id').execute()).length;
    const before = await newsCount();
    const news = {
      title: '失效封面',
      summary: '封面地址指向一张不会被提供的图片。',
      cover: elsewhere,
      body: '<p>正文</p>',
      publishedAt: '2026-11-20 09:30',
      pinned: false,
    };
    const refused = await call('sysadmin', 'POST', '/api/admin/portal/news', news);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The image does not exist; upload it again');
    expect(await newsCount()).toBe(before);

    const settings = await ok(await call('sysadmin', 'GET', '/api/admin/portal/site'));
    const qr = await call('sysadmin', 'PUT', '/api/admin/portal/site', { ...settings, contactQr: elsewhere });
    expect(qr.statusCode).toBe(400);
    expect((await ok(await t.app.inject({ method: 'GET', url: '/api/public/site' }))).contactQr).not.toBe(elsewhere);

    await ok(await call('sysadmin', 'POST', '/api/admin/portal/news', { ...news, cover: stored.url }));
  });

  it('stops one account from filling the disk, for a day, without stopping anyone else', async () => {
    const account = await t.context.db
      .selectFrom('iam_account')
      .select('id')
      .where('user_name', '=', staff.userName)
      .executeTakeFirstOrThrow();
    const kept = await ok(await upload('staff01', freshPng(), 'kept.png'));
    // 200 MB of new images stored by the account in the last hours.
    await t.context.db
      .insertInto('sys_attachment')
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          sha256: index.toString(16).padStart(64, 'e'),
          file_name: `flood-${index}.png`,
          content_type: 'image/png',
          byte_size: 5 * 1024 * 1024,
          width: 8000,
          height: 8000,
          uploaded_by: account.id,
          uploaded_at: t.clock.now() - 60 * 60 * 1000,
        })),
      )
      .execute();
    const before = await attachmentCount();

    const refused = await upload('staff01', freshPng(), 'one-more.png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You have uploaded 200 MB of new images in the last 24 hours; try again later');
    expect(await attachmentCount()).toBe(before);

    // An image already stored takes no more room; another account is not held back.
    expect((await ok(await upload('staff01', bannerPng(kept.width, 12, [24, 144, 255], [19, 194, 194]), 'again.png'))).id).toBe(kept.id);
    await ok(await upload('sysadmin', freshPng(), 'editor.png'));

    t.clock.advance(24 * 60 * 60 * 1000);
    tokens.staff01 = await signIn(t.app, staff);
    await ok(await upload('staff01', freshPng(), 'next-day.png'));
  });
});
