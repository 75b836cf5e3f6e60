import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../http/errors.ts';

/** An address a host name resolved to, checked by the policy: the only address a call may connect to. */
export interface CheckedAddress {
  address: string;
  family: number;
}

type Family = 'ipv4' | 'ipv6';

export interface Range {
  network: string;
  prefix: number;
  family: Family;
}

/** `a.b.c.d`, `::1`, or either with `/prefix`. */
export function parseRange(text: string): Range | undefined {
  const [network = '', prefixText, rest] = text.split('/');
  const version = isIP(network);
  if (!version || rest !== undefined || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return undefined;
  const longest = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? longest : Number(prefixText);
  return prefix <= longest ? { network, prefix, family: version === 4 ? 'ipv4' : 'ipv6' } : undefined;
}

export function blockListOf(ranges: readonly Range[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.network, range.prefix, range.family);
  return list;
}

const internalIPv4 = [
  '0.0.0.0/8', // unspecified: 0.0.0.0 reaches this machine
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT; also where some clouds keep their metadata service
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, with the cloud metadata service at 169.254.169.254
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved and broadcast
].map((text) => parseRange(text) as Range);

/** 127.0.0.0 as the two IPv6 groups `7f00:0`, for the forms that cannot write it dotted. */
function hexGroups(ipv4: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * IPv6 addresses that carry an IPv4 address and lead to it: IPv4-mapped (`::ffff:127.0.0.1` is 127.0.0.1),
 * IPv4-compatible (`::127.0.0.1`), NAT64's well-known prefix (a NAT64 gateway, as IPv6-only cloud subnets
 * have, takes `64:ff9b::a9fe:a9fe` to 169.254.169.254) and 6to4 (`2002:7f00:1::`). Each internal IPv4 block
 * is internal in all of them, or `::/0` would open through them what `0.0.0.0/0` keeps shut.
 */
const ipv4Embeddings: Array<(range: Range) => Range> = [
  (range) => ({ network: `::ffff:${range.network}`, prefix: range.prefix + 96, family: 'ipv6' }),
  (range) => ({ network: `::${range.network}`, prefix: range.prefix + 96, family: 'ipv6' }),
  (range) => ({ network: `64:ff9b::${range.network}`, prefix: range.prefix + 96, family: 'ipv6' }),
  (range) => ({ network: `2002:${hexGroups(range.network)}::`, prefix: range.prefix + 16, family: 'ipv6' }),
];

/** Ranges written as text, each IPv4 one also in every IPv6 form that leads to it. */
export function inEveryForm(texts: readonly string[]): Range[] {
  const ranges = texts.map((text) => parseRange(text) as Range);
  const ipv4 = ranges.filter((range) => range.family === 'ipv4');
  return [...ranges, ...ipv4Embeddings.flatMap((embed) => ipv4.map(embed))];
}

/**
 * Addresses inside our network or with a local meaning, IPv4 ones in every IPv6 form that reaches them, so
 * that an entry written that way is weighed like its IPv4 twin. `64:ff9b:1::/48` is NAT64 for the site's own
 * use, `fec0::/10` the retired site-local range that some stacks still route.
 */
const internalBlocks: Range[] = [
  ...internalIPv4,
  ...ipv4Embeddings.flatMap((embed) => internalIPv4.map(embed)),
  ...['::/128', '::1/128', 'fe80::/10', 'fec0::/10', 'fc00::/7', 'ff00::/8', '64:ff9b:1::/48'].map((text) => parseRange(text) as Range),
];
const internalAddresses = blockListOf(internalBlocks);
const eachInternalBlock = internalBlocks.map((block) => ({ block, list: blockListOf([block]) }));

/** Whether every address of `range` is internal: only such a range opens internal addresses. */
function isInternal(range: Range): boolean {
  return eachInternalBlock.some(
    ({ block, list }) => block.family === range.family && range.prefix >= block.prefix && list.check(range.network, range.family),
  );
}

const hostNamePattern = /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** A URL's or a setting's host as the policy compares it: lower case, no brackets, no final dot. */
export function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/**
 * Where outgoing calls (webhooks, e-mail, service tasks) may go: an administrator's allow-list, deny by
 * default, since an outgoing call made on a user's behalf is a way into our own network (SSRF).
 *
 * The allow-list holds host names (`hooks.example.com`), wildcards (`*.example.com`: any name under it, not
 * the name itself), addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). A destination is allowed when
 * its name matches an entry or its address falls in an entry's range; a public address of a host not on
 * the list is refused like any other. Internal addresses (loopback, link-local, private, carrier-grade NAT,
 * unspecified, multicast, and the IPv6 forms that embed them) need more: the host's exact name listed, or a listed
 * range that lies wholly inside internal space. So `0.0.0.0/0` means "the public internet" and never opens
 * the metadata service, and a wildcard's name that resolves to 127.0.0.1 is refused.
 * Entries that are neither a name nor a range are ignored: an unreadable entry must not widen the list.
 */
export class OutboundPolicy {
  private readonly names = new Set<string>();
  /** `.example.com` for `*.example.com`. */
  private readonly suffixes: string[] = [];
  private readonly ranges: BlockList;
  private readonly internalRanges: BlockList;

  constructor(allowList: readonly string[]) {
    const ranges: Range[] = [];
    for (const entry of allowList) {
      const text = normalHost(entry);
      const range = parseRange(text);
      if (range) ranges.push(range);
      else if (text.startsWith('*.') && hostNamePattern.test(text)) this.suffixes.push(text.slice(1));
      else if (hostNamePattern.test(text)) this.names.add(text);
    }
    this.ranges = blockListOf(ranges);
    this.internalRanges = blockListOf(ranges.filter(isInternal));
  }

  /** Whether a call to `host` may connect to `address`, one of the addresses the host resolved to. */
  allows(host: string, address: string): boolean {
    const name = normalHost(host);
    const family: Family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    // An exactly listed name is trusted wherever it points: internal services are listed by their name.
    if (this.names.has(name)) return true;
    if (internalAddresses.check(address, family)) return this.internalRanges.check(address, family);
    return this.ranges.check(address, family) || this.suffixes.some((suffix) => name.endsWith(suffix));
  }

  /**
   * The addresses `host` resolves to, every one of them allowed, or a 403. Connect only to these: a second
   * resolution could answer differently (DNS rebinding) and would never be checked.
   */
  async resolve(host: string): Promise<CheckedAddress[]> {
    const name = normalHost(host);
    const version = isIP(name);
    const addresses = version ? [{ address: name, family: version }] : await lookup(name, { all: true });
    for (const { address } of addresses) {
      if (!this.allows(name, address)) throw new AppError(403, 'error.outboundRefused', { host: name, address });
    }
    return addresses;
  }
}
