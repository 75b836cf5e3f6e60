import type { HomeContent, NewsDetail } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testApp.ts';

describe(`public website API (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string, language = 'zh') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

  it('serves the site settings without sign-in', async () => {
    const site = (await get('/api/public/site')).json().data;
    expect(site).toMatchObject({
      companyName: '启明教育科技有限公司',
      filingNumber: '浙ICP备14032688号-1',
      consultationPhone: '400-826-2014',
    });
  });

  it('serves the home page in one answer: 7 + 5 services, the latest news, customers', async () => {
    const home = (await get('/api/public/home')).json().data as HomeContent;
    expect(home.information.map((service) => service.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(home.information[0]?.name).toBe('义务教育新生入学平台');
    expect(home.innovation.map((service) => service.name)).toEqual(['校园食品安全检查', '智慧营地', '新高考选课', '近视筛查', '校园广播']);
    expect(home.news).toHaveLength(4);
    expect(home.customers.length).toBeGreaterThan(0);
  });

  it('pages the published news, the pinned item first and then newest first; drafts and withdrawn items stay off the site', async () => {
    const first = (await get('/api/public/news?page=1&limit=3')).json().data;
    const second = (await get('/api/public/news?page=2&limit=3')).json().data;
    expect(first.total).toBe(8);
    const records = [...first.records, ...second.records] as Array<{ id: number; pinned: boolean; publishedAt: number; cover: string }>;
    expect(records[0]?.pinned).toBe(true);
    expect(records.slice(1).every((item) => !item.pinned)).toBe(true);
    const times = records.slice(1).map((item) => item.publishedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(records.map((item) => item.id)).size).toBe(6);
    expect(records.every((item) => /^\/site\/news-[a-z-]+\.svg$/.test(item.cover))).toBe(true);
    const hidden = await t.context.db.selectFrom('portal_news').select(['id', 'status']).where('status', '!=', 'published').execute();
    expect(hidden.map((item) => item.status).sort()).toEqual(['draft', 'withdrawn']);
    for (const item of hidden) expect((await get(`/api/public/news/${item.id}`)).statusCode).toBe(404);
  });

  it('answers bad parameters with a clear 4xx', async () => {
    expect((await get('/api/public/news?page=0')).statusCode).toBe(400);
    expect((await get('/api/public/news?limit=1000')).statusCode).toBe(400);
    expect((await get('/api/public/news/abc')).statusCode).toBe(400);
    const unknown = await get('/api/public/news/99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('数据不存在或已被删除');
    expect((await get('/api/public/services?kind=other')).statusCode).toBe(400);
  });

  it('serves news bodies with stored scripts and event handlers made inert', async () => {
    const hostile =
      '<p onclick="alert(1)">正文</p><script>alert(2)</script><img src="https://example.org/a.png" onerror="alert(3)">' +
      '<a href="javascript:alert(4)">链接</a><iframe src="https://evil.example"></iframe><a href="https://example.org">外链</a>';
    const { id } = await t.context.db
      .insertInto('portal_news')
      .values({ title: '测试', summary: '测试', body: hostile, published_at: Date.UTC(2020, 0, 1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = ((await get(`/api/public/news/${id}`)).json().data as NewsDetail).body;
    expect(body).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(body).toContain('<p>正文</p>');
    expect(body).toContain('<img src="https://example.org/a.png" />');
    expect(body).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">外链</a>');
  });

  it('links a news item to its newer and older neighbours', async () => {
    // Neighbours follow the publish time, whatever is pinned: the list's tail (after the pinned item) is in that order.
    const list = (await get('/api/public/news?limit=6')).json().data.records.slice(1);
    const middle = (await get(`/api/public/news/${list[2].id}`)).json().data as NewsDetail;
    expect(middle.previous?.id).toBe(list[1].id);
    expect(middle.next?.id).toBe(list[3].id);
    expect(((await get(`/api/public/news/${list[0].id}`)).json().data as NewsDetail).previous).toBeNull();
  });

  it('serves the about sections, customers and positions', async () => {
    expect((await get('/api/public/about')).json().data.map((section: { title: string }) => section.title)).toEqual([
      '公司简介',
      '企业文化',
      '荣誉资质',
      '服务宗旨',
    ]);
    expect((await get('/api/public/positions')).json().data[0]).toMatchObject({ title: 'Java 后端开发工程师', headcount: 3 });
    expect((await get('/api/public/customers')).json().data.length).toBe(8);
  });
});

describe(`public API rate limit (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicRateLimit: 3 } });
  });
  afterAll(async () => t.close());

  it('answers 429 in the caller language past the limit, per client address', async () => {
    for (let request = 0; request < 3; request++)
      expect((await t.app.inject({ method: 'GET', url: '/api/public/site' })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/public/site', headers: { 'accept-language': 'zh' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: '请求过于频繁，请稍后再试', data: null });
    const otherClient = await t.app.inject({ method: 'GET', url: '/api/public/site', remoteAddress: '127.0.0.2' });
    expect(otherClient.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
