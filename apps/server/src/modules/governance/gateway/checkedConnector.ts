import { buildConnector } from 'undici';
import { type UpstreamPolicy, UpstreamRefused } from '../../outbound/upstreamPolicy.ts';

/**
 * undici's connector behind the upstream policy: every new connection, to a route's `uri` or to the
 * registry instance chosen for it, resolves the host, checks each address with the port, and connects
 * to the checked address itself, so a name cannot point elsewhere between check and connect (DNS
 * rebinding). The Host header and TLS's SNI keep the name, as undici derives both from the origin.
 */
export function checkedConnector(policy: UpstreamPolicy, options: buildConnector.BuildOptions = {}): buildConnector.connector {
  const connect = buildConnector(options);
  return (target, callback) => {
    const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
    policy.resolve(target.hostname, port).then(
      (checked) => {
        if (!Array.isArray(checked)) return callback(new UpstreamRefused(checked), null);
        const [first] = checked;
        if (!first) return callback(new Error(`${target.hostname} has no address`), null);
        connect({ ...target, hostname: first.address }, callback);
      },
      (error: Error) => callback(error, null),
    );
  };
}
