import { defaultLanguage, type Language, matchLanguage, parseAcceptLanguage } from '@qiming/shared';
import type { AppContext } from '../../../context.ts';
import { Caller } from '../../../http/caller.ts';

/** The operation a Nacos client needs, over HTTP as over gRPC: one grant for both protocols. */
const clientOperation = 'registry:client';

export type GrpcAccess = { caller: Caller } | { refused: string };

/** Headers are case-insensitive in Nacos's Request (a TreeMap ignoring case). */
export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

export function languageOf(headers: Record<string, string>): Language {
  return matchLanguage(parseAcceptLanguage(headerOf(headers, 'accept-language'))) ?? defaultLanguage;
}

/**
 * Who sends a gRPC request: the `accessToken` header holds a token of `/nacos/v1/auth/login`, checked as the
 * HTTP guard checks it (a live, revocable session) and asked for the same operation through the same caller.
 * Refusals carry Nacos's own texts, which clients log.
 */
export async function grpcCaller(context: AppContext, headers: Record<string, string>, ip: string): Promise<GrpcAccess> {
  const token = headerOf(headers, 'accessToken');
  if (!token) return { refused: 'user not found!' };
  const session = await context.auth.authenticate(`Bearer ${token}`);
  if (!session) return { refused: 'token invalid!' };
  const caller = new Caller(context.db, context.accessCache, session, null, ip, languageOf(headers));
  if (!(await caller.holdsCode(clientOperation))) return { refused: 'authorization failed!' };
  return { caller };
}
