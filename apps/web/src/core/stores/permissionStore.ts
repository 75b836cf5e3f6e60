import type { LegacyMenuEntry, MenuEntry } from '@qiming/shared';
import { create } from 'zustand';
import type { AppRoute } from '../permission/appRoute.ts';
import { actionCodes, buildLegacyRoutes, buildMenuRoutes } from '../permission/buildRoutes.ts';

interface PermissionState {
  loaded: boolean;
  routes: AppRoute[];
  actions: Set<string>;
  setMenus(menus: MenuEntry[]): void;
  /** The older builder's routes; the actions still come from the current menu shape. */
  setLegacyMenus(legacy: LegacyMenuEntry[], menus: MenuEntry[]): void;
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
  setLegacyMenus(legacy, menus) {
    set({ loaded: true, routes: buildLegacyRoutes(legacy), actions: actionCodes(buildMenuRoutes(menus)) });
  },
  reset: () => set({ loaded: false, routes: [], actions: new Set() }),
}));
