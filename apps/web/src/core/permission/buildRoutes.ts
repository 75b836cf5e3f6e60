import type { LegacyMenuEntry, MenuEntry } from '@qiming/shared';
import { type AppRoute, isExternalUrl } from './appRoute.ts';

const absolute = (path: string) => `/${path.replace(/^\/+/, '')}`;

/** Spec section 2: with no path, the menu code with underscores turned into slashes. */
export function entryPath(entry: MenuEntry): string {
  return entry.path || entry.menuCode.replaceAll('_', '/');
}

function actionRoutes(entry: MenuEntry, pagePath: string): AppRoute[] {
  return entry.actionList.map((action) => ({
    path: `${pagePath}/${action.actionCode.replace(/[^A-Za-z0-9]+/g, '-')}`,
    name: action.actionName,
    kind: 'action',
    redirect: pagePath,
    meta: { title: `menu.${entry.menuCode}`, titleText: action.actionName, hidden: true, authority: action.actionCode },
  }));
}

/**
 * The routes of the menu entries the server granted (spec section 2): groups redirect to their first
 * child; scheme '/' leaves are pages whose view comes from their path ('opt…' paths from the opt view
 * set); http(s) paths are external links; every action is a hidden route with its code as authority.
 */
export function buildMenuRoutes(entries: MenuEntry[]): AppRoute[] {
  return entries.flatMap((entry): AppRoute[] => {
    const path = entryPath(entry);
    const meta = { title: `menu.${entry.menuCode}`, titleText: entry.menuName, icon: entry.icon, authority: entry.authority };
    if (entry.children.length > 0) {
      const children = buildMenuRoutes(entry.children);
      const first = children.find((child) => child.kind !== 'action');
      if (!first) return [];
      return [
        {
          path: absolute(path),
          name: entry.menuCode,
          kind: 'group',
          redirect: first.kind === 'group' ? first.redirect : first.path,
          meta,
          children,
        },
      ];
    }
    if (isExternalUrl(path)) return [{ path: `/external/${entry.menuCode}`, name: entry.menuCode, kind: 'external', url: path, meta }];
    if (entry.scheme !== '/') return [];
    const pagePath = absolute(path);
    return [
      { path: pagePath, name: entry.menuCode, kind: 'page', viewSet: path.startsWith('opt') ? 'opt' : 'main', view: path, meta },
      ...actionRoutes(entry, pagePath),
    ];
  });
}

/** The older builder: non-leaf entries are groups, leaves pages, external URLs iframe routes. */
export function buildLegacyRoutes(entries: LegacyMenuEntry[]): AppRoute[] {
  return entries.flatMap((entry): AppRoute[] => {
    const meta = {
      title: `menu.${entry.functionCode}`,
      titleText: entry.text,
      icon: entry.icon,
      authority: entry.functionCode,
      hidden: entry.hidden,
    };
    if (!entry.isLeaf) {
      const children = buildLegacyRoutes(entry.children ?? []);
      const first = children[0];
      if (!first) return [];
      return [
        {
          path: absolute(entry.url),
          name: entry.functionCode,
          kind: 'group',
          redirect: first.kind === 'group' ? first.redirect : first.path,
          meta,
          children,
        },
      ];
    }
    if (isExternalUrl(entry.url))
      return [{ path: `/iframe/${entry.functionCode}`, name: entry.functionCode, kind: 'iframe', url: entry.url, meta }];
    const view = entry.componentPath || entry.url;
    return [
      { path: absolute(entry.url), name: entry.functionCode, kind: 'page', viewSet: view.startsWith('opt') ? 'opt' : 'main', view, meta },
    ];
  });
}

export function flattenRoutes(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/** Every action code the routes carry: what `<Access code>` checks. */
export function actionCodes(routes: AppRoute[]): Set<string> {
  return new Set(
    flattenRoutes(routes)
      .filter((route) => route.kind === 'action')
      .map((route) => route.meta.authority),
  );
}
