import type { TFunction } from 'i18next';
import type { AppRoute } from '../core/permission/appRoute.ts';

/** A route's title in the UI language; menu entries unknown to the catalogue keep the server's name. */
export function routeTitle(t: TFunction, meta: Pick<AppRoute['meta'], 'title' | 'titleText'>): string {
  return t(meta.title, { defaultValue: meta.titleText });
}
