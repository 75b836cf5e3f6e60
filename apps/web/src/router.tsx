import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { sitePages } from './site/sitePages.ts';

/**
 * The one hash router (base `/`). The public site and the error pages are static routes; every other
 * path belongs to the back-office, whose routes are built at runtime from the server's menu.
 * Each area is its own chunk, so a visitor's first page loads no back-office code.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./site/SiteLayout.tsx')).SiteLayout }),
    children: [
      { index: true, element: <Navigate to="/homePage" replace /> },
      ...sitePages.map((page) => ({
        path: page.path,
        handle: { title: page.path.slice(1), icon: page.icon },
        lazy: async () => ({ Component: (await import('./site/PlaceholderPage.tsx')).PlaceholderPage }),
      })),
    ],
  },
  { path: '/common', element: <Navigate to="/common/page" replace /> },
  { path: '/common/page', lazy: async () => ({ Component: (await import('./site/CommonPage.tsx')).CommonPage }) },
  { path: '/login', lazy: async () => ({ Component: (await import('./login/LoginPage.tsx')).LoginPage }) },
  ...(['404', '403', '401'] as const).map((status) => ({
    path: `/${status}`,
    lazy: async () => {
      const { ErrorPage } = await import('./errors/ErrorPage.tsx');
      return { element: <ErrorPage status={status} /> };
    },
  })),
  { path: '*', lazy: async () => ({ Component: (await import('./admin/AdminArea.tsx')).AdminArea }) },
];

// Shown while the first page's chunk loads; every area is lazy, so there is always one.
export const router = createHashRouter([{ hydrateFallbackElement: <div aria-busy="true" />, children: routes }]);
