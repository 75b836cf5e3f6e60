import type { MenuEntry } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { usePermissionStore } from './permissionStore.ts';

const dictionary: MenuEntry = {
  menuId: '2',
  parentId: null,
  menuCode: 'system_dictionary',
  menuName: 'Dictionaries',
  path: 'system/dictionary',
  scheme: '/',
  icon: 'book',
  level: 1,
  authority: 'platform.dict',
  target: '_self',
  children: [],
  actionList: [{ actionName: 'View', actionCode: 'dict:view', resourceList: [] }],
};

describe('permission store', () => {
  it('sets routes and action codes from the menu, and a reset empties them', () => {
    usePermissionStore.getState().setMenus([dictionary]);
    expect(usePermissionStore.getState().routes.map((route) => route.path)).toEqual(['/system/dictionary', '/system/dictionary/dict-view']);
    expect([...usePermissionStore.getState().actions]).toEqual(['dict:view']);
    usePermissionStore.getState().reset();
    expect(usePermissionStore.getState()).toMatchObject({ loaded: false, routes: [] });
  });

  it('builds routes from the legacy menu and keeps the actions of the current shape', () => {
    usePermissionStore.getState().setLegacyMenus(
      [
        {
          url: 'system/dictionary',
          text: 'Dictionaries',
          icon: '',
          hidden: false,
          functionCode: 'platform.dict',
          isLeaf: true,
          componentPath: 'system/dictionary',
        },
      ],
      [dictionary],
    );
    expect(usePermissionStore.getState().routes.map((route) => route.path)).toEqual(['/system/dictionary']);
    expect([...usePermissionStore.getState().actions]).toEqual(['dict:view']);
  });
});
