import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { createPath, Navigate, type Navigator, type RouteObject, Router, type To, useLocation, useRoutes } from 'react-router-dom';
import { hasStoredSession, isBackOfficeAddress } from './backOfficeAreas.ts';
import { navigateTo, useHashLocation } from './hashLocation.ts';

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
 * Every address that is not the public site's. The back-office's routes are built at runtime from the
 * server's menu. The declarative router is used because no route needs loaders or actions.
 */
const routes: RouteObject[] = [
  { path: '/common', element: <Navigate to="/common/page" replace /> },
  { path: '/common/page', element: suspended('common', <CommonPage />) },
  { path: '/login', element: suspended('login', <LoginPage />) },
  ...(['404', '403', '401'] as const).map((status) => ({ path: `/${status}`, element: suspended(status, <ErrorPage status={status} />) })),
  { path: '*', element: <CatchAll /> },
];

const target = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** React Router moves through the one hash location the site's router reads too, so both follow each other. */
const hashNavigator: Navigator = {
  createHref: (to) => `#${target(to)}`,
  push: (to) => navigateTo(target(to)),
  replace: (to) => navigateTo(target(to), { replace: true }),
  go: (delta) => window.history.go(delta),
};

function Routes() {
  return useRoutes(routes);
}

export default function BackOfficeRoutes() {
  const { pathname, search, key } = useHashLocation();
  const location = useMemo(() => ({ pathname, search, key }), [pathname, search, key]);
  return (
    <Router location={location} navigator={hashNavigator}>
      <Routes />
    </Router>
  );
}
