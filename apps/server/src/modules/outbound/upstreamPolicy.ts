import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { MessageKey } from '@qiming/shared';
import { blockListOf, type CheckedAddress, inEveryForm, normalHost, OutboundPolicy } from './outboundPolicy.ts';

/**
 * Never an upstream, whatever the allow-list says: link-local (169.254.0.0/16 holds the metadata
 * service of AWS, Azure and Google Cloud, fe80::/10), Alibaba Cloud's 100.100.100.200, Oracle Cloud's
 * 192.0.0.192 and AWS's IPv6 fd00:ec2::254, each IPv4 one in every IPv6 form that leads to it.
 */
const metadataRanges = inEveryForm(['169.254.0.0/16', '100.100.100.200/32', '192.0.0.192/32', 'fe80::/10', 'fd00:ec2::254/128']);
const metadataAddresses = blockListOf(metadataRanges);

/** This machine under any name: loopback and unspecified, in every form (the interfaces' own addresses are added per check). */
const localAddresses = blockListOf(inEveryForm(['0.0.0.0/8', '127.0.0.0/8', '::/128', '::1/128']));

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether an address is link-local or a cloud's metadata service: no instance or upstream may sit there. */
export function isMetadataAddress(address: string): boolean {
  const normal = normalHost(address);
  return isIP(normal) !== 0 && metadataAddresses.check(normal, family(normal));
}

function isThisMachine(address: string): boolean {
  if (localAddresses.check(address, family(address))) return true;
  const own = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return own.some((entry) => entry.address.toLowerCase() === address.toLowerCase() || entry.address === `::ffff:${address}`);
}

/** Why an upstream address is refused; `address` and `port` name it in the message. */
export interface UpstreamRefusal {
  reason: Extract<MessageKey, 'validation.upstreamMetadata' | 'validation.upstreamOwnPort' | 'validation.upstreamNotAllowed'>;
  address: string;
  port: number;
}

/** An upstream refused by the policy when the gateway was about to connect to it. */
export class UpstreamRefused extends Error {
  constructor(readonly refusal: UpstreamRefusal) {
    super(`upstream refused: ${refusal.reason}`);
  }
}

/**
 * Where the gateway may send requests: the outbound policy (see OutboundPolicy: internal addresses only
 * when a listed range lies inside internal space or the exact name is listed) over the gateway's own
 * allow-list, and two refusals no list lifts: link-local and cloud metadata addresses, and Qiming's
 * own ports (the server's and the gateways') on any address of this machine, since a route to
 * Qiming itself would make every client look like 127.0.0.1 to the sign-in limits.
 */
export class UpstreamPolicy {
  private readonly allowed: OutboundPolicy;

  constructor(
    allowList: readonly string[],
    private readonly ownPorts: () => Iterable<number | null | undefined>,
  ) {
    this.allowed = new OutboundPolicy(allowList);
  }

  /** Why `host` at `address` and `port` may not be an upstream, or undefined when it may. */
  refusal(host: string, address: string, port: number): UpstreamRefusal | undefined {
    const normal = normalHost(address);
    // Only an address is weighed: a name is resolved first (see resolve).
    if (!isIP(normal)) return { reason: 'validation.upstreamNotAllowed', address: normal, port };
    if (isMetadataAddress(normal)) return { reason: 'validation.upstreamMetadata', address: normal, port };
    if ([...this.ownPorts()].includes(port) && isThisMachine(normal))
      return { reason: 'validation.upstreamOwnPort', address: normal, port };
    if (!this.allowed.allows(host, normal)) return { reason: 'validation.upstreamNotAllowed', address: normal, port };
    return undefined;
  }

  /**
   * The addresses `host` resolves to, every one allowed, or the first refusal. Connect only to these:
   * a second resolution could answer differently (DNS rebinding) and would never be checked.
   */
  async resolve(host: string, port: number): Promise<CheckedAddress[] | UpstreamRefusal> {
    const name = normalHost(host);
    const version = isIP(name);
    const addresses = version ? [{ address: name, family: version }] : await lookup(name, { all: true });
    for (const { address } of addresses) {
      const refused = this.refusal(name, address, port);
      if (refused) return refused;
    }
    return addresses;
  }
}
