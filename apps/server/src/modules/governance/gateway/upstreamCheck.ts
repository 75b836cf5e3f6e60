import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { badRequest } from '../../../http/errors.ts';
import type { UpstreamPolicy } from '../../outbound/upstreamPolicy.ts';
import { serviceInstances } from './upstreams.ts';

/** A host the policy allows, or a refusal; a name DNS does not know yet is checked when it is called. */
async function hostRefusal(policy: UpstreamPolicy, host: string, port: number) {
  try {
    const checked = await policy.resolve(host, port);
    return Array.isArray(checked) ? undefined : checked;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a route's `uri` (400 naming the field and the reason) when it leads where the gateway may
 * not send requests: its host, or for `lb://` every instance the service has now. Instances registered
 * later, and names that resolve elsewhere later, are refused again as the gateway connects.
 */
export async function requireAllowedUpstream(db: Kysely<Database>, policy: UpstreamPolicy, uri: string): Promise<void> {
  const targets: Array<{ host: string; port: number; target: string }> = [];
  if (uri.startsWith('lb://')) {
    const service = uri.slice('lb://'.length).replace(/\/$/, '');
    for (const instance of await serviceInstances(db, service)) {
      targets.push({ host: instance.ip, port: instance.port, target: `${uri.replace(/\/$/, '')} (${instance.ip}:${instance.port})` });
    }
  } else {
    const url = new URL(uri);
    targets.push({ host: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80), target: url.host });
  }
  for (const { host, port, target } of targets) {
    const refusal = await hostRefusal(policy, host, port);
    if (refusal) throw badRequest('validation.upstreamRefused', { field: 'uri', target, ...refusal });
  }
}
