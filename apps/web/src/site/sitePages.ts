/** The public pages of spec section 2: each page's title equals its path; the label is its heading. */
export const sitePages = [
  { path: '/homePage', icon: 'home', label: '首页' },
  { path: '/toProducts', icon: 'products', label: '信息化服务' },
  { path: '/toCases', icon: 'cases', label: '科创服务' },
  { path: '/newsPage', icon: 'news', label: '新闻动态' },
  { path: '/newsDetail', icon: 'news', label: '新闻详情' },
  { path: '/customers', icon: 'customers', label: '典型客户' },
  { path: '/aboutUs', icon: 'about', label: '关于我们' },
  { path: '/contactUs', icon: 'contact', label: '联系我们' },
  { path: '/joinus', icon: 'join', label: '加入我们' },
  { path: '/test', icon: 'test', label: '组件展示' },
] as const;

export type SitePath = (typeof sitePages)[number]['path'];
export type SiteIconName = (typeof sitePages)[number]['icon'];

export function sitePage(pathname: string) {
  return sitePages.find((page) => page.path === pathname);
}
