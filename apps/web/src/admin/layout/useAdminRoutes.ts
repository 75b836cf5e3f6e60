import { useMemo } from 'react';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { flattenRoutes } from '../../core/permission/buildRoutes.ts';
import { usePermissionStore } from '../../core/stores/permissionStore.ts';
import { staticRoutes } from '../staticRoutes.ts';

/** The static pages and the menu's routes, as a tree and flat. */
export function useAdminRoutes(): { tree: AppRoute[]; flat: AppRoute[] } {
  const menuRoutes = usePermissionStore((state) => state.routes);
  return useMemo(() => {
    const tree = [...staticRoutes, ...menuRoutes];
    return { tree, flat: flattenRoutes(tree) };
  }, [menuRoutes]);
}

/** The chain of routes from the top down to the one at `path`. */
export function routeTrail(tree: AppRoute[], path: string): AppRoute[] {
  for (const route of tree) {
    if (route.path === path) return [route];
    const below = routeTrail(route.children ?? [], path);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}
