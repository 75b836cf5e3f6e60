import type { Envelope, Preview } from '@qiming/shared';

const cache = new Map<string, Promise<unknown>>();
const failed = new Set<string>();
let previewRequest: Promise<Preview> | undefined;

/**
 * One request per public resource for the page's lifetime, shared by every component that reads it
 * (React's `use` suspends on the promise). A failure stays cached, so the error boundary sees it rather
 * than a new request on every render; `forgetFailures` lets a retry ask again.
 * Hand-written rather than a query library: the website's first page must stay under 90 KB of script.
 */
export function loadPublic<T>(path: string): Promise<T> {
  let pending = cache.get(path) as Promise<T> | undefined;
  if (!pending) {
    const token = previewToken();
    pending = token ? previewed<T>(token, path) : fetchPublic<T>(path);
    pending.catch(() => failed.add(path));
    cache.set(path, pending);
  }
  return pending;
}

async function fetchPublic<T>(path: string): Promise<T> {
  const response = await fetch(`/api/public/${path}`);
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok || body.code !== 200) throw new Error(body.message || `HTTP ${response.status}`);
  return body.data;
}

/** An editor's preview link (`/?preview=<token>#/...`): the site shows their unsaved content. */
export function previewToken(): string | null {
  return new URLSearchParams(window.location.search).get('preview');
}

/** What the preview replaces: the settings, or the news item it stands in for (id 0 for a new one). */
async function previewed<T>(token: string, path: string): Promise<T> {
  previewRequest ??= fetchPublic<Preview>(`preview/${encodeURIComponent(token)}`);
  const preview = await previewRequest;
  if (preview.kind === 'site' && path === 'site') return preview.payload as T;
  if (preview.kind === 'news' && path === `news/${preview.payload.id}`) return { ...preview.payload, previous: null, next: null } as T;
  return fetchPublic<T>(path);
}

export function forgetFailures(): void {
  for (const path of failed) cache.delete(path);
  failed.clear();
}
