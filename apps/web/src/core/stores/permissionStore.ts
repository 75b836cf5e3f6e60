import type { MenuEntry } from '@qiming/shared';
import { create } from 'zustand';
import type { AppRoute } from '../permission/appRoute.ts';
import { actionCodes, buildMenuRoutes } from '../permission/buildRoutes.ts';

interface PermissionState {
  loaded: boolean;
  routes: AppRoute[];
  actions: Set<string>;
  setMenus(menus: MenuEntry[]): void;
  reset(): void;
}

/** Routes generated from the server's menu (spec section 4): set after the menu call, emptied on sign-out. */
export const usePermissionStore = create<PermissionState>((set) => ({
  loaded: false,
  routes: [],
  actions: new Set(),
  setMenus(menus) {
    const routes = buildMenuRoutes(menus);
    set({ loaded: true, routes, actions: actionCodes(routes) });
  },
  reset: () => set({ loaded: false, routes: [], actions: new Set() }),
}));
