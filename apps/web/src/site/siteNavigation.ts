export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavItem {
  key: string;
  label: string;
  to?: string;
  /** Pages under this tab: the tab is active on any of them (news is also active on a news detail). */
  matches: string[];
  children?: NavLinkItem[];
}

export const informationServices = [
  '义务教育新生入学平台',
  '幼儿园入园报名平台',
  '教材征订系统',
  '民办教育管理平台',
  '中职学生素质评价系统',
  '教师成长档案系统',
  '教师评价系统',
];
export const innovationServices = ['校园食品安全检查', '智慧营地', '新高考选课', '近视筛查', '校园广播'];
export const aboutSectionNames = ['公司简介', '企业文化', '荣誉资质', '服务宗旨'];

/** The header of spec section 2; the drop-down targets are exact, their labels the services' names. */
export const navItems: NavItem[] = [
  { key: 'home', label: '首页', to: '/homePage', matches: ['/homePage'] },
  {
    key: 'information',
    label: '信息化服务',
    matches: ['/toProducts'],
    children: informationServices.map((label, index) => ({ label, to: `/toProducts?index=${index}` })),
  },
  {
    key: 'innovation',
    label: '科创服务',
    matches: ['/toCases'],
    children: innovationServices.map((label, index) => ({ label, to: `/toCases?index=${index}` })),
  },
  { key: 'news', label: '新闻动态', to: '/newsPage', matches: ['/newsPage', '/newsDetail'] },
  { key: 'customers', label: '典型客户', to: '/customers', matches: ['/customers'] },
  {
    key: 'about',
    label: '关于我们',
    matches: ['/aboutUs', '/contactUs', '/joinus'],
    children: [
      { label: '关于我们', to: '/aboutUs' },
      { label: '联系我们', to: '/contactUs' },
      { label: '加入我们', to: '/joinus' },
    ],
  },
];

export function activeNavKey(pathname: string): string | undefined {
  return navItems.find((item) => item.matches.includes(pathname))?.key;
}
