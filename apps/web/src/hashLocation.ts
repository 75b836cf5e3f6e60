import { useMemo, useSyncExternalStore } from 'react';

/** Where the visitor is: the path and query written inside the hash, `#/toProducts?index=2`. */
export interface HashLocation {
  readonly pathname: string;
  /** With its `?`, or empty. */
  readonly search: string;
  /** New at every navigation, Back and Forward included, even to the address already shown. */
  readonly key: string;
}

/** The address inside the hash, `/path?query`; an empty hash is the root. */
const address = () => `/${window.location.hash.replace(/^#?\/?/, '')}`;

let count = 0;
function locate(target: string): HashLocation {
  const queryAt = target.indexOf('?');
  return {
    pathname: queryAt < 0 ? target : target.slice(0, queryAt),
    search: queryAt < 0 ? '' : target.slice(queryAt),
    key: String(++count),
  };
}

let current = locate(address());
const listeners = new Set<() => void>();

function changed(event?: Event) {
  const target = address();
  // Chromium fires popstate and then hashchange for one move: the second is the same navigation.
  if (event?.type === 'hashchange' && target === current.pathname + current.search) return;
  current = locate(target);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('popstate', changed);
    window.addEventListener('hashchange', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', changed);
      window.removeEventListener('hashchange', changed);
    }
  };
}

function snapshot(): HashLocation {
  // An address changed while nobody listened (before the first render, say) is read afresh.
  const target = address();
  if (target !== current.pathname + current.search) current = locate(target);
  return current;
}

/** Goes to `to` (`/path?query`) in this tab's history; every reader of the location renders it at once. */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  window.history[options.replace ? 'replaceState' : 'pushState'](null, '', `#${to.startsWith('/') ? to : `/${to}`}`);
  changed();
}

/** The current location; the component renders again at every navigation. */
export function useHashLocation(): HashLocation {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The query of the current address, as the site's pages read `?index=2`, `?id=1`, `?activeIndex=2`. */
export function useSearchParams(): URLSearchParams {
  const { search } = useHashLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
