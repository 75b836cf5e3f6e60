import type { LegacyMenuEntry, MenuEntry } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { actionCodes, buildLegacyRoutes, buildMenuRoutes, flattenRoutes } from './buildRoutes.ts';

const entry = (overrides: Partial<MenuEntry>): MenuEntry => ({
  menuId: '1',
  parentId: null,
  menuCode: 'code',
  menuName: 'Name',
  path: '',
  scheme: '/',
  icon: '',
  level: 1,
  authority: 'fn',
  target: '_self',
  children: [],
  actionList: [],
  ...overrides,
});

describe('routes from the server menu', () => {
  const menus = [
    entry({
      menuCode: 'system',
      path: 'system',
      scheme: '',
      children: [
        entry({
          menuCode: 'system_dictionary',
          path: 'system/dictionary',
          actionList: [{ actionName: 'Add', actionCode: 'dict:add', resourceList: [] }],
        }),
        entry({ menuCode: 'system_region' }),
        entry({ menuCode: 'optLog_errorLog', path: 'optLog/errorLog' }),
        entry({ menuCode: 'docs', path: 'https://example.org/docs' }),
      ],
    }),
  ];
  const routes = buildMenuRoutes(menus);
  const flat = flattenRoutes(routes);
  const byName = (name: string) => flat.find((route) => route.name === name);

  it('makes a group that redirects to its first child', () => {
    expect(routes[0]).toMatchObject({ path: '/system', kind: 'group', redirect: '/system/dictionary' });
  });

  it('loads a page view by its path, opt paths from the other view set', () => {
    expect(byName('system_dictionary')).toMatchObject({ kind: 'page', view: 'system/dictionary', viewSet: 'main' });
    expect(byName('optLog_errorLog')).toMatchObject({ kind: 'page', view: 'optLog/errorLog', viewSet: 'opt' });
  });

  it('uses the menu code with slashes when the entry has no path', () => {
    expect(byName('system_region')).toMatchObject({ path: '/system/region', view: 'system/region' });
  });

  it('opens http(s) paths as external links', () => {
    expect(byName('docs')).toMatchObject({ kind: 'external', url: 'https://example.org/docs' });
  });

  it('turns each action into a hidden route named after it, with its code as authority', () => {
    expect(byName('Add')).toMatchObject({
      kind: 'action',
      path: '/system/dictionary/dict-add',
      redirect: '/system/dictionary',
      meta: { hidden: true, authority: 'dict:add' },
    });
    expect([...actionCodes(routes)]).toEqual(['dict:add']);
  });

  it('drops a group none of whose children can be shown', () => {
    expect(buildMenuRoutes([entry({ menuCode: 'empty', children: [entry({ menuCode: 'odd', scheme: 'x' })] })])).toEqual([]);
  });
});

describe('routes from the legacy menu', () => {
  const legacy: LegacyMenuEntry[] = [
    {
      url: 'system',
      text: 'System',
      icon: '',
      hidden: false,
      functionCode: 'system',
      isLeaf: false,
      componentPath: '',
      children: [
        {
          url: 'system/dictionary',
          text: 'Dictionaries',
          icon: '',
          hidden: false,
          functionCode: 'dict',
          isLeaf: true,
          componentPath: 'system/dictionary',
        },
        { url: 'https://example.org', text: 'Site', icon: '', hidden: false, functionCode: 'site', isLeaf: true, componentPath: '' },
      ],
    },
  ];

  it('makes groups, pages and iframe routes for external URLs', () => {
    const flat = flattenRoutes(buildLegacyRoutes(legacy));
    expect(flat.map((route) => [route.path, route.kind])).toEqual([
      ['/system', 'group'],
      ['/system/dictionary', 'page'],
      ['/iframe/site', 'iframe'],
    ]);
  });
});
