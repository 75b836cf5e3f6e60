import { Spin } from 'antd';
import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useParams } from 'react-router-dom';
import type { AppRoute } from '../core/permission/appRoute.ts';
import { flattenRoutes } from '../core/permission/buildRoutes.ts';
import { findView } from './viewRegistry.ts';

const lazyViews = new Map<string, LazyExoticComponent<ComponentType>>();

// antd's Result draws its pictures in 10 KB of script: only a missing or refused page loads it.
const LazyResult = lazy(() => import('antd/es/result'));
const Result = (props: ComponentProps<typeof LazyResult>) => (
  <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
    <LazyResult {...props} />
  </Suspense>
);

function MissingView({ view }: { view: string }) {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('app.viewMissing', { path: view })} />;
}

function View({ viewSet, view }: { viewSet: 'main' | 'opt'; view: string }) {
  const key = `${viewSet}:${view}`;
  const loader = findView(viewSet, view);
  if (!loader) return <MissingView view={view} />;
  let Component = lazyViews.get(key);
  if (!Component) {
    Component = lazy(loader);
    lazyViews.set(key, Component);
  }
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Component />
    </Suspense>
  );
}

/** External menu links open in the same window (spec section 2). */
function ExternalLink({ url }: { url: string }) {
  useEffect(() => window.location.assign(url), [url]);
  return <Spin style={{ display: 'block', margin: '80px auto' }} />;
}

function IframeView({ url, title }: { url: string; title: string }) {
  return <iframe src={url} title={title} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }} />;
}

/** `/redirect/some/path` goes to `/some/path`: the spec's hidden redirect helper. */
function Redirect() {
  const params = useParams();
  return <Navigate to={`/${params['*'] ?? ''}`} replace />;
}

function elementOf(route: AppRoute) {
  switch (route.kind) {
    case 'group':
    case 'action':
      return <Navigate to={route.redirect ?? '/404'} replace />;
    case 'page':
      return <View viewSet={route.viewSet ?? 'main'} view={route.view ?? ''} />;
    case 'external':
      return <ExternalLink url={route.url ?? '/'} />;
    case 'iframe':
      return <IframeView url={route.url ?? 'about:blank'} title={route.meta.titleText} />;
  }
}

/**
 * An address outside the user's routes: a page the back-office has but the user's grants do not reach
 * answers 403 inside the layout (a shared link, a lost grant); anything else goes to 404.
 */
function Unrouted() {
  const { t } = useTranslation();
  const view = useLocation().pathname.slice(1);
  if (!findView(view.startsWith('opt') ? 'opt' : 'main', view)) return <Navigate to="/404" replace />;
  return <Result status="403" title="403" subTitle={t('errorPage.forbidden')} />;
}

/** Router objects for the back-office: every route flat, the redirect helper, and a catch-all for the rest. */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return [
    ...flattenRoutes(routes).map((route) => ({ path: route.path, element: elementOf(route) })),
    { path: '/redirect/*', element: <Redirect /> },
    { path: '*', element: <Unrouted /> },
  ];
}
