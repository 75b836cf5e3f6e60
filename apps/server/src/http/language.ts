import type { IncomingHttpHeaders } from 'node:http';
import { defaultLanguage, type Language, matchLanguage, parseAcceptLanguage } from '@qiming/shared';

/** The caller's language: the web app's `language` cookie, else Accept-Language, else English. */
export function requestLanguage(request: { headers: IncomingHttpHeaders }): Language {
  const cookie = /(?:^|;\s*)language=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  return matchLanguage([...(cookie ? [cookie] : []), ...parseAcceptLanguage(request.headers['accept-language'])]) ?? defaultLanguage;
}
