import type { Envelope } from '@qiming/shared';

const cache = new Map<string, Promise<unknown>>();
const failed = new Set<string>();

/**
 * One request per public resource for the page's lifetime, shared by every component that reads it
 * (React's `use` suspends on the promise). A failure stays cached, so the error boundary sees it rather
 * than a new request on every render; `forgetFailures` lets a retry ask again.
 * Hand-written rather than a query library: the website's first page must stay under 90 KB of script.
 */
export function loadPublic<T>(path: string): Promise<T> {
  let pending = cache.get(path) as Promise<T> | undefined;
  if (!pending) {
    pending = fetch(`/api/public/${path}`).then(async (response) => {
      const body = (await response.json()) as Envelope<T>;
      if (!response.ok || body.code !== 200) throw new Error(body.message || `HTTP ${response.status}`);
      return body.data;
    });
    pending.catch(() => failed.add(path));
    cache.set(path, pending);
  }
  return pending;
}

export function forgetFailures(): void {
  for (const path of failed) cache.delete(path);
  failed.clear();
}
