import type { AppRoute } from '../core/permission/appRoute.ts';

/** Back-office pages every signed-in user has, whatever the menu; the dashboard tab is pinned. */
export const staticRoutes: AppRoute[] = [
  {
    path: '/dashboard',
    name: 'dashboard',
    kind: 'page',
    viewSet: 'main',
    view: 'dashboard',
    meta: { title: 'route.dashboard', titleText: 'Dashboard', icon: 'dashboard', authority: 'dashboard', affix: true },
  },
  {
    path: '/profile',
    name: 'profile',
    kind: 'page',
    viewSet: 'main',
    view: 'profile',
    meta: { title: 'route.profile', titleText: 'Profile', icon: 'user', authority: 'profile', hidden: true, noCache: true },
  },
];
