import { defaultLanguage, type Language, matchLanguage, parseAcceptLanguage } from '@qiming/shared';
import type { AppContext } from '../../../context.ts';
import { Caller } from '../../../http/caller.ts';
import { type NamespaceAccess, Operation, reachesNamespaces } from '../../iam/policy.ts';
import { namespaceOf } from '../namespaces/namespaceService.ts';
import type { Body } from './payload.ts';

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
  // The operation a Nacos client needs, over HTTP as over gRPC: one grant for both protocols.
  if (!(await caller.holdsCode(Operation.registryClient))) return { refused: 'authorization failed!' };
  return { caller };
}

/** Nacos's `@Secured` action of each request type: what it does to the namespace it names. */
const actions: Record<string, NamespaceAccess> = {
  InstanceRequest: 'write',
  PersistentInstanceRequest: 'write',
  BatchInstanceRequest: 'write',
  ServiceQueryRequest: 'read',
  SubscribeServiceRequest: 'read',
  ServiceListRequest: 'read',
  ConfigQueryRequest: 'read',
  ConfigPublishRequest: 'write',
  ConfigRemoveRequest: 'write',
  ConfigBatchListenRequest: 'read',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The namespaces a request names, as Nacos's gRPC resource parsers read them: `namespace` of naming, `tenant` of config. */
function namespacesNamed(type: string, body: Body): string[] {
  if (type === 'ConfigBatchListenRequest') {
    const contexts = Array.isArray(body.configListenContexts) ? body.configListenContexts : [];
    return [...new Set(contexts.map((listened) => namespaceOf(text((listened as Body | null)?.tenant))))];
  }
  return [namespaceOf(text(type.startsWith('Config') ? body.tenant : body.namespace))];
}

/** Whether the caller's roles grant the namespaces the request touches, through the Nacos client's operation. */
export async function grpcReachesNamespaces(context: AppContext, caller: Caller, type: string, body: Body): Promise<boolean> {
  const need = actions[type];
  return need === undefined || reachesNamespaces(caller, context.db, namespacesNamed(type, body), need, Operation.registryClient);
}
