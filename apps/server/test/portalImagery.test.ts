import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AboutSection, Customer, HomeContent, NewsSummary, PageResult, SiteSettings } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPng } from './pngImages.ts';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const shippedImages = path.resolve(import.meta.dirname, '../../web/public');

/**
 * The website's pictures, stories and figures come from the portal: the demo shows the illustrations
 * the site ships with, an editor's upload replaces any of them, and a malformed figure line or AMap key
 * is refused in the caller's language with nothing changed.
 */
describe(`website imagery and map settings (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let upload: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  const ok = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const publicGet = async (address: string) => (await t.app.inject({ method: 'GET', url: `/api/public/${address}` })).json().data;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/admin/attachments?name=hero.png',
      payload: bannerPng(96, 64, [24, 144, 255], [114, 46, 209]),
      headers: { ...bearer(admin), 'content-type': 'image/png' },
    });
    upload = stored.json().data.url;
  });
  afterAll(async () => t.close());

  it('shows every service and case with a picture, a story and results, and every customer with a logo', async () => {
    const home = (await publicGet('home')) as HomeContent;
    const site = (await publicGet('site')) as SiteSettings;
    const about = (await publicGet('about')) as AboutSection[];
    const news = (await publicGet('news?limit=20')) as PageResult<NewsSummary>;
    for (const service of [...home.information, ...home.innovation]) {
      expect(service.image, service.name).toMatch(/^\/site\/[a-z0-9-]+\.svg$/);
      expect(service.story.length, service.name).toBeGreaterThan(20);
      expect(service.results.length, service.name).toBeGreaterThanOrEqual(3);
      for (const line of service.results) expect(line).toMatch(/^[^|]+\|[^|]+$/);
    }
    for (const customer of home.customers as Customer[]) expect(customer.logo).toMatch(/^\/site\/logo-[a-z0-9-]+\.svg$/);
    expect(about.map((section) => section.title)).toEqual(['公司简介', '企业文化', '荣誉资质', '服务宗旨']);
    for (const section of about) {
      expect(section.image).toMatch(/^\/site\/about-[a-z-]+\.svg$/);
      expect(section.items.length).toBeGreaterThanOrEqual(4);
    }
    expect(site.heroImage).toBe('/site/hero-campus.svg');
    expect(site.keyFigures.split('\n')).toContain('3000+|服务学校');
    expect(site.amapKey).toBe('');
    for (const item of news.records) expect(item.cover).toMatch(/^\/site\/news-[a-z-]+\.svg$/);

    // Every default names a picture the site really ships.
    const named = [
      site.heroImage,
      ...home.information.map((service) => service.image),
      ...home.innovation.map((service) => service.image),
      ...home.customers.map((customer) => customer.logo),
      ...about.map((section) => section.image),
      ...news.records.map((item) => item.cover),
    ];
    for (const image of named) expect(existsSync(path.join(shippedImages, image)), image).toBe(true);
  });

  it('takes an AMap key, key figures and an uploaded hero picture; malformed ones change nothing', async () => {
    const settings = (await ok(await call('GET', '/api/admin/portal/site'))) as SiteSettings;
    const bad: Array<[Partial<SiteSettings>, string, string]> = [
      [{ amapKey: 'not-a-key' }, 'Enter the 32 hexadecimal digits AMap gave you', '请输入高德开放平台提供的32位十六进制字符'],
      [{ amapKey: 'g'.repeat(32) }, 'Enter the 32 hexadecimal digits AMap gave you', '请输入高德开放平台提供的32位十六进制字符'],
      [{ amapSecurityCode: 'a'.repeat(31) }, 'Enter the 32 hexadecimal digits AMap gave you', '请输入高德开放平台提供的32位十六进制字符'],
      [{ keyFigures: '3000+|服务学校\n没有说明' }, 'Write each line as "label|text"', '每行写作“标签|内容”'],
      [{ keyFigures: '|服务学校' }, 'Write each line as "label|text"', '每行写作“标签|内容”'],
      [{ heroImage: 'https://example.com/hero.png' }, 'Upload an image', '请上传图片'],
      [{ heroImage: `/api/files/${'d'.repeat(64)}.png` }, 'The image does not exist; upload it again', '图片不存在'],
    ];
    for (const [change, english, chinese] of bad) {
      const refused = await call('PUT', '/api/admin/portal/site', { ...settings, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().message).toContain(english);
      expect((await call('PUT', '/api/admin/portal/site', { ...settings, ...change }, 'zh')).json().message).toContain(chinese);
    }
    expect(await publicGet('site')).toMatchObject({ amapKey: '', heroImage: '/site/hero-campus.svg' });

    const key = '0123456789abcdef0123456789ABCDEF';
    await ok(
      await call('PUT', '/api/admin/portal/site', {
        ...settings,
        amapKey: key,
        amapSecurityCode: 'f'.repeat(32),
        heroImage: upload,
        keyFigures: '15年|服务经验\n\n4000+|服务学校',
      }),
    );
    expect(await publicGet('site')).toMatchObject({ amapKey: key, amapSecurityCode: 'f'.repeat(32), heroImage: upload });
    expect((await publicGet('site')).keyFigures).toBe('15年|服务经验\n\n4000+|服务学校');
  });

  it('keeps a case story with its results, and an about-us section with its timeline and picture', async () => {
    const services = await ok(await call('GET', '/api/admin/portal/services?kind=innovation'));
    const camp = services.records.find((row: { name: string }) => row.name === '智慧营地');
    const change = { ...camp, features: camp.features.join('\n'), results: '9,800名|年度营员\n0起|安全事件' };
    const refused = await call('PUT', `/api/admin/portal/services/${camp.id}`, { ...change, results: '只有标签没有竖线' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Write each line as "label|text"');
    expect(((await publicGet('services?kind=innovation')) as HomeContent['innovation'])[1]?.results).toEqual(camp.results);

    await ok(await call('PUT', `/api/admin/portal/services/${camp.id}`, { ...change, image: upload, story: '新的营地故事。' }));
    expect(((await publicGet('services?kind=innovation')) as HomeContent['innovation'])[1]).toMatchObject({
      image: upload,
      story: '新的营地故事。',
      results: ['9,800名|年度营员', '0起|安全事件'],
    });

    const sections = await ok(await call('GET', '/api/admin/portal/about'));
    const [first] = sections.records;
    const timeline = {
      seq: first.seq,
      title: first.title,
      body: first.body,
      image: upload,
      items: '2014年|公司成立\n2026年|服务三千所学校',
    };
    expect(
      (await call('PUT', `/api/admin/portal/about/${first.id}`, { ...timeline, items: `${'年'.repeat(21)}|太长的标签` })).statusCode,
    ).toBe(400);
    await ok(await call('PUT', `/api/admin/portal/about/${first.id}`, timeline));
    expect(((await publicGet('about')) as AboutSection[])[0]).toMatchObject({
      image: upload,
      items: ['2014年|公司成立', '2026年|服务三千所学校'],
    });
  });
});
