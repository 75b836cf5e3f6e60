import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { hasStoredSession, isBackOfficeAddress } from './backOfficeAreas.ts';
import { setNavigator } from './core/navigation.ts';
import { SiteLayout } from './site/layout/SiteLayout.tsx';
import { sitePageElements } from './site/sitePageElements.tsx';

const LoginPage = lazy(() => import('./login/LoginPage.tsx'));
const ErrorPage = lazy(() => import('./errors/ErrorPage.tsx'));
const AdminArea = lazy(() => import('./admin/AdminArea.tsx'));
const CommonPage = lazy(() => import('./site/pages/CommonPage.tsx'));

const loading = <div aria-busy="true" />;
/**
 * Each area gets a boundary of its own (the key): within one shared boundary React would keep the page
 * being left mounted, hidden, while the next one loads, and bring it back as it was if the visitor
 * returned first, a signed-out back-office included.
 */
const suspended = (key: string, element: ReactNode) => (
  <Suspense key={key} fallback={loading}>
    {element}
  </Suspense>
);

/**
 * Spec: a catch-all route leads to /404. A signed-out visitor is sent to sign in only on an address in
 * one of the back-office's areas (a bookmark, say), so that page opens after sign-in; any other address
 * is not found. With a session, the back-office decides: its routes come from the server's menu.
 */
function CatchAll() {
  const { pathname } = useLocation();
  if (hasStoredSession() || isBackOfficeAddress(pathname)) return suspended('admin', <AdminArea />);
  return <Navigate to="/404" replace />;
}

/**
 * The one hash router (base `/`). The public site and the error pages are static routes; every other
 * path belongs to the back-office, whose routes are built at runtime from the server's menu. The site's
 * layout and home page ship in the entry chunk; everything else is its own chunk, so a visitor's first
 * page loads no back-office or antd code. The declarative router is used because the data router's
 * extra 16 KB (gzip) would land on every visitor's first page, and no route needs loaders or actions.
 */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [{ index: true, element: <Navigate to="/homePage" replace /> }, ...sitePageElements],
  },
  { path: '/common', element: <Navigate to="/common/page" replace /> },
  { path: '/common/page', element: suspended('common', <CommonPage />) },
  { path: '/login', element: suspended('login', <LoginPage />) },
  ...(['404', '403', '401'] as const).map((status) => ({ path: `/${status}`, element: suspended(status, <ErrorPage status={status} />) })),
  { path: '*', element: <CatchAll /> },
];

export function AppRoutes() {
  const navigate = useNavigate();
  // Lets code outside React (the request client, sign-out) navigate through the router; the new page
  // is committed before the caller goes on, so nothing of the old one renders after, say, a sign-out.
  useEffect(() => setNavigator(async (to, options) => flushSync(() => navigate(to, options))), [navigate]);
  return useRoutes(routes);
}
