import { Activity, Fragment, type ReactNode, useMemo, useRef } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { useTagsStore } from '../../core/stores/tagsStore.ts';
import { toRouteObjects } from '../routeElements.tsx';

/**
 * The routed view. Pages without `noCache` stay mounted while their tab is open, hidden by React's
 * <Activity>, so they keep their state; a refresh bumps the page's generation and remounts it.
 */
export function AppMain({ routes }: { routes: AppRoute[] }) {
  const { pathname } = useLocation();
  const routeObjects = useMemo(() => toRouteObjects(routes), [routes]);
  const element = useRoutes(routeObjects);
  const cachedViews = useTagsStore((state) => state.cachedViews);
  const generations = useTagsStore((state) => state.generations);
  const kept = useRef(new Map<string, ReactNode>());

  const route = routes.find((candidate) => candidate.path === pathname);
  const cacheable = route?.kind === 'page' && !route.meta.noCache;
  if (cacheable) kept.current.set(pathname, element);
  for (const path of kept.current.keys()) {
    if (path !== pathname && !cachedViews.includes(path)) kept.current.delete(path);
  }

  return (
    <>
      {[...kept.current].map(([path, page]) => (
        <Activity key={`${path}#${generations[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
          {page}
        </Activity>
      ))}
      {!cacheable && <Fragment key={`${pathname}#${generations[pathname] ?? 0}`}>{element}</Fragment>}
    </>
  );
}
