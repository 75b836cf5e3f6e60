import { lazy, Suspense, useLayoutEffect } from 'react';
import { navigateTo, useHashLocation } from './hashLocation.ts';
import { SiteLayout } from './site/layout/SiteLayout.tsx';
import { isSitePath, SitePageRoutes } from './site/SitePageRoutes.tsx';

const BackOfficeRoutes = lazy(() => import('./BackOfficeRoutes.tsx'));

/** The bare address is the home page, replaced so that Back does not return to it. */
function ToHomePage() {
  useLayoutEffect(() => navigateTo('/homePage', { replace: true }), []);
  return null;
}

/**
 * The app's two areas in one hash address. The public site needs no router library: its pages are exact
 * paths looked up in a table, its links plain `#/path?query` anchors that the browser follows itself,
 * and `hashLocation.ts` tells every reader where the visitor is. React Router (13 KB gzip, a fifth of a
 * bare React page) and even wouter (1.6 KB with its dependencies, its own hash hook moving the query out of
 * the hash) did not fit the first page's budget of 1.15x a bare React page. Every other address (sign-in,
 * error pages, the back-office) is a lazy chunk routed by React Router over the same location.
 */
export function AppRoutes() {
  const { pathname } = useHashLocation();
  if (pathname === '/') return <ToHomePage />;
  if (isSitePath(pathname))
    return (
      // One element for every page: the layout stays mounted from one page to the next.
      <SiteLayout key="site">
        <SitePageRoutes />
      </SiteLayout>
    );
  return (
    <Suspense key="backOffice" fallback={<div aria-busy="true" />}>
      <BackOfficeRoutes />
    </Suspense>
  );
}
