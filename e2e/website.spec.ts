import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SqliteDatabase } from '../apps/server/src/db/sqliteDriver.ts';
import { apiAs } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { sysadmin } from './support/signIn.ts';

const informationServices = [
  '义务教育新生入学平台',
  '幼儿园入园报名平台',
  '教材征订系统',
  '民办教育管理平台',
  '中职学生素质评价系统',
  '教师成长档案系统',
  '教师评价系统',
];
const innovationServices = ['校园食品安全检查', '智慧营地', '新高考选课', '近视筛查', '校园广播'];
const aboutSections = ['公司简介', '企业文化', '荣誉资质', '服务宗旨'];

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
};
const header = (page: Page) => page.getByTestId('site-header');

test('each information service index shows its product', async ({ page }) => {
  for (const [index, name] of informationServices.entries()) {
    await open(page, `/toProducts?index=${index}`);
    await expect(page.getByTestId('service-detail').getByRole('heading', { level: 2 })).toHaveText(name);
  }
});

test('each science-innovation index shows its case', async ({ page }) => {
  for (const [index, name] of innovationServices.entries()) {
    await open(page, `/toCases?index=${index}`);
    await expect(page.getByTestId('service-detail').getByRole('heading', { level: 2 })).toHaveText(name);
  }
});

test('hovering opens each drop-down and leaving closes it; the keyboard opens it too', async ({ page }) => {
  await open(page, '/homePage');
  for (const key of ['information', 'innovation', 'about']) {
    const item = header(page).locator(`[data-nav="${key}"]`);
    const menu = item.getByRole('list');
    await expect(menu).toBeHidden();
    await item.hover();
    await expect(menu).toBeVisible();
    await page.getByRole('main').hover({ position: { x: 5, y: 300 } });
    await expect(menu).toBeHidden();
  }
  const information = header(page).locator('[data-nav="information"]');
  await information.getByRole('button').focus();
  await page.keyboard.press('ArrowDown');
  await expect(information.getByRole('link', { name: '义务教育新生入学平台' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(information.getByRole('list')).toBeHidden();
  await expect(information.getByRole('button')).toBeFocused();
});

test('a drop-down entry goes to its exact target', async ({ page }) => {
  await open(page, '/homePage');
  await header(page).locator('[data-nav="innovation"]').hover();
  await header(page).getByRole('link', { name: '近视筛查' }).click();
  await expect(page).toHaveURL(/#\/toCases\?index=3$/);
  await expect(header(page).locator('[data-nav="innovation"] button')).toHaveCSS('font-weight', '600');
});

test('the header gets its shadow at 30 px of scroll and not at 29', async ({ page }) => {
  await open(page, '/homePage');
  await expect(page.getByRole('heading', { name: '信息化服务' })).toBeVisible();
  await scrollTo(page, 29);
  await expect(header(page)).toHaveCSS('box-shadow', 'none');
  await scrollTo(page, 30);
  await expect(header(page)).not.toHaveCSS('box-shadow', 'none');
});

test('the side panel shows past 200 px or on a downward scroll, and its top button returns to 0', async ({ page }) => {
  await open(page, '/homePage');
  await expect(page.getByRole('heading', { name: '典型客户' })).toBeVisible();
  const panel = page.getByTestId('side-panel');
  await expect(panel).toBeHidden();
  await scrollTo(page, 50);
  await expect(panel).toBeVisible();
  await scrollTo(page, 10);
  await expect(panel).toBeHidden();
  await scrollTo(page, 400);
  await scrollTo(page, 250);
  await expect(panel).toBeVisible();

  await panel.getByRole('button', { name: '电话咨询' }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: '400-826-2014' })).toBeVisible();
  await panel.getByRole('button', { name: '微信咨询' }).hover();
  await expect(page.getByRole('img', { name: '客服微信二维码' })).toBeVisible();

  await scrollTo(page, 1200);
  await panel.getByRole('button', { name: '返回顶部' }).click();
  await page.waitForFunction(() => window.scrollY === 0);
});

test('the footer shows the years to now, the filing number and contacts; each activeIndex shows its section', async ({ page }) => {
  await open(page, '/homePage');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© 2014-${new Date().getFullYear()} 启明教育科技有限公司`);
  await expect(footer.getByRole('link', { name: '浙ICP备14032688号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(footer).toContainText('service@qiming-edu.cn');
  await expect(footer.getByRole('img', { name: '启明教育公众号二维码' })).toBeVisible();
  await expect(footer.locator('dialog')).toHaveCount(1);
  await expect(footer.locator('dialog')).toBeHidden();

  for (const [index, name] of aboutSections.entries()) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/aboutUs\\?activeIndex=${index}$`));
    await expect(page.getByTestId('about-section').getByRole('heading')).toHaveText(name);
  }
});

test('the active tab follows the route and a news detail highlights news', async ({ page }) => {
  await open(page, '/customers');
  await expect(header(page).locator('[data-nav="customers"] a')).toHaveAttribute('aria-current', 'page');
  await open(page, '/newsPage');
  await page.getByRole('main').getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/newsDetail\?id=\d+$/);
  await expect(header(page).locator('[data-nav="news"] a')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('newsDetail - 启明教育科技有限公司');
  await header(page).getByRole('link', { name: '启明教育 首页' }).click();
  await expect(page).toHaveURL(/#\/homePage$/);
});

test('the news list is paged with the pinned item first and the rest newest first', async ({ page }) => {
  await open(page, '/newsPage');
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText('置顶');
  const dates = (await page.getByRole('main').locator('time').allTextContents()).slice(1);
  expect(dates).toEqual([...dates].sort().reverse());
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2' }).click();
  await expect(page).toHaveURL(/#\/newsPage\?page=2$/);
  await expect(page.getByRole('main').locator('time')).toHaveCount(2);
});

test('a stored hostile news body renders inert', async ({ page }) => {
  const db = new SqliteDatabase(path.join(server.dataDir, 'qiming.sqlite'));
  const { lastInsertRowid } = db
    .prepare('insert into portal_news (title, summary, body, published_at) values (?, ?, ?, ?)')
    .run(
      '安全测试',
      '摘要',
      '<p>正文段落</p><img src="x" onerror="window.__hacked=1"><script>window.__hacked=2</script><a href="javascript:window.__hacked=3">点我</a>',
      0,
    );
  db.close();
  let dialogs = 0;
  page.on('dialog', () => dialogs++);
  await open(page, `/newsDetail?id=${lastInsertRowid}`);
  const body = page.getByTestId('news-body');
  await expect(body).toContainText('正文段落');
  await body.getByText('点我').click();
  expect(await body.innerHTML()).not.toMatch(/onerror|script|javascript:/);
  expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
  expect(dialogs).toBe(0);
});

test('an unknown news id shows a notice, a visitor on an unknown address gets 404, /common redirects', async ({ page }) => {
  await open(page, '/newsDetail?id=99999');
  await expect(page.getByText('该新闻不存在或已下线。')).toBeVisible();
  for (const address of ['/no/such/page', '/redirect/system/dictionary']) {
    await open(page, address);
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  }
  // An address in a back-office area may be a bookmark: sign in first, then see it.
  await open(page, '/system/dictionary');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fsystem%2Fdictionary$/);
  await open(page, '/common');
  await expect(page).toHaveURL(/#\/common\/page$/);
});

test('the contact page shows the address with a map that needs no network', async ({ page, context }) => {
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  await open(page, '/contactUs');
  await expect(page.getByRole('img', { name: /公司位置示意图/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '在地图中查看' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('main')).toContainText('400-826-2014');
});

test('at 375 px the navigation hides behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, '/homePage');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: '导航菜单' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: '典型客户' }).click();
  await expect(page).toHaveURL(/#\/customers$/);
  await expect(nav).toBeHidden();

  // Back, or an address typed while the menu is open, closes it too.
  await page.getByRole('button', { name: '导航菜单' }).click();
  await expect(nav).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/homePage$/);
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: '导航菜单' }).click();
  await page.evaluate(() => {
    window.location.hash = '#/aboutUs';
  });
  await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
  await expect(nav).toBeHidden();
});

test('at 1440 px every home section is centred in the page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, '/homePage');
  for (const name of ['信息化服务', '科创服务', '新闻动态', '典型客户']) {
    const box = await page.getByRole('heading', { level: 2, name, exact: true }).boundingBox();
    // Each section's 1200 px content box is centred: it starts at (1440 - 1200) / 2.
    expect(box?.x).toBe(120);
  }
});

test("a visitor's first page loads one chunk of its own and no back-office or antd code", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await open(page, '/homePage');
  await expect(page.getByRole('heading', { name: '典型客户' })).toBeVisible();
  // React, the router and the site's layout and home page come as one chunk beside the bundler's runtime
  // (vite.config.ts), not as the many small ones sharing with the lazy back-office would make; nothing
  // of antd (its style engine stamps data-token-hash), i18next, ECharts or the back-office shell.
  expect(scripts.filter((path) => !/^\/assets\/(index|rolldown-runtime)-[\w-]+\.js$/.test(path))).toEqual([]);
  expect(scripts.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  for (const path of scripts) {
    const body = await (await page.request.get(`${server.url}${path}`)).text();
    for (const marker of ['data-token-hash', 'i18next', 'echarts']) expect(body.includes(marker), `${path} holds ${marker}`).toBe(false);
  }
});

test('every page has a title equal to its path with the company name', async ({ page }) => {
  for (const route of ['homePage', 'toProducts', 'toCases', 'newsPage', 'customers', 'aboutUs', 'contactUs', 'joinus', 'test']) {
    await open(page, `/${route}`);
    await expect(page).toHaveTitle(`${route} - 启明教育科技有限公司`);
  }
});

test('every picture on the site is described, sized, and below the fold loads lazily', async ({ page }) => {
  for (const route of ['/homePage', '/toProducts?index=0', '/toCases?index=1', '/newsPage', '/customers', '/aboutUs?activeIndex=2']) {
    await open(page, route);
    await page.waitForLoadState('networkidle');
    const images = await page.locator('main img').evaluateAll((found) =>
      found.map((image) => ({
        src: image.getAttribute('src'),
        alt: image.getAttribute('alt'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        top: image.getBoundingClientRect().top + window.scrollY,
      })),
    );
    expect(images.length, route).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.alt, `${route} ${image.src}`).not.toBeNull();
      expect(Number(image.width) > 0 && Number(image.height) > 0, `${route} ${image.src}`).toBe(true);
      if (image.top > 900) expect(image.loading, `${route} ${image.src}`).toBe('lazy');
    }
    // Scrolled through, every picture arrives: no broken default.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(() =>
        page.locator('main img').evaluateAll((found) => found.filter((image) => !(image as HTMLImageElement).naturalWidth).length),
      )
      .toBe(0);
  }
});

test('the home page shows its illustration, key figures, service screens and customer word marks', async ({ page }) => {
  await open(page, '/homePage');
  await expect(page.getByRole('img', { name: '智慧校园插画' })).toBeVisible();
  const figures = page.getByRole('region', { name: '关键数据' });
  await expect(figures.getByRole('listitem')).toHaveCount(4);
  await expect(figures).toContainText('3000+服务学校');
  await expect(page.getByRole('img', { name: '义务教育新生入学平台界面示意' })).toBeAttached();
  await expect(page.getByRole('img', { name: '杭州市西湖区教育局' })).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
});

test('each case tells its story with results, and the about tabs show a timeline, values, honours and pledges', async ({ page }) => {
  await open(page, '/toCases?index=2');
  const story = page.getByRole('region', { name: '客户案例' });
  await expect(story).toContainText('杭州第十四中学');
  await expect(story.getByRole('listitem').first()).toContainText('1天');
  expect(await seriousViolations(page)).toEqual([]);
  for (const [index, entry] of ['2014年', '使命', 'CMMI三级认证', '7×12小时'].entries()) {
    await open(page, `/aboutUs?activeIndex=${index}`);
    const section = page.getByTestId('about-section');
    await expect(section.getByRole('img')).toBeVisible();
    await expect(section.getByRole('listitem').filter({ hasText: entry })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('with an AMap key the contact page shows the live map, finds places and the visitor; unreachable AMap keeps the drawn map', async ({
  page,
  context,
}) => {
  const admin = await apiAs(server.url, sysadmin);
  const settings = (await admin.call('GET', '/admin/portal/site')).json.data;
  const key = '0123456789abcdef0123456789abcdef';
  expect((await admin.call('PUT', '/admin/portal/site', { ...settings, amapKey: key, amapSecurityCode: 'f'.repeat(32) })).status).toBe(200);
  try {
    // This machine cannot reach AMap: every outside request fails, as it would for a visitor offline.
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    await open(page, '/contactUs');
    await expect(page.getByText('在线地图暂时无法打开，上图为示意位置。')).toBeVisible();
    await expect(page.getByRole('img', { name: /公司位置示意图/ })).toBeVisible();
    await context.unroute(/^(?!http:\/\/127\.0\.0\.1)/);

    // AMap's script answered by a stand-in with the API's shape: the page's use of it, not AMap itself.
    let requested = '';
    await context.route(/^https:\/\/webapi\.amap\.com\/maps/, async (route) => {
      requested = route.request().url();
      await route.fulfill({ contentType: 'application/javascript', body: amapStandIn });
    });
    await context.route(/^(?!http:\/\/127\.0\.0\.1|https:\/\/webapi\.amap\.com)/, (route) => route.abort());
    await open(page, '/homePage');
    await open(page, '/contactUs');
    const map = page.getByRole('region', { name: '启明教育位置地图' });
    await expect(map).toHaveAttribute('data-center', '120.1275,30.2799');
    expect(new URL(requested).searchParams.get('key')).toBe(key);
    expect(
      await page.evaluate(() => (window as { _AMapSecurityConfig?: { securityJsCode: string } })._AMapSecurityConfig?.securityJsCode),
    ).toBe('f'.repeat(32));
    await page.getByRole('searchbox').or(page.getByPlaceholder('搜索地点，如地铁站')).fill('文三路地铁站');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '找到 1 个地点。' })).toBeVisible();
    await page.getByRole('button', { name: /文三路地铁站 文三路/ }).click();
    await expect(map).toHaveAttribute('data-center', '120.13,30.28');
    await page.getByRole('button', { name: '定位到我的位置' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已标出您的位置。' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    expect((await admin.call('PUT', '/admin/portal/site', settings)).status).toBe(200);
  }
});

/** A stand-in for AMap's script: the constructors the page calls, recording what it asked on the map's element. */
const amapStandIn = `
(() => {
  const point = (lng, lat) => ({ getLng: () => lng, getLat: () => lat });
  const text = (p) => Array.isArray(p) ? p.join(',') : p.getLng() + ',' + p.getLat();
  class Map {
    constructor(element, options) { this.element = element; this.setCenter(options.center); }
    setCenter(p) { this.element.setAttribute('data-center', text(p)); }
    setZoom() {}
    add() {}
    addControl() {}
    setFitView() {}
    destroy() {}
  }
  class Geolocation { getCurrentPosition(done) { done('complete', { position: point(120.2, 30.3) }); } }
  class PlaceSearch {
    search(keyword, done) {
      done('complete', { poiList: { pois: [{ id: 'B1', name: keyword, address: '文三路', location: point(120.13, 30.28) }] } });
    }
  }
  window.AMap = { Map, Marker: class {}, Scale: class {}, ToolBar: class {}, Geolocation, PlaceSearch };
})();
`;
