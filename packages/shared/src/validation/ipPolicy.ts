/**
 * The account IP policy of spec section 5: items separated by `;`, each an IPv4 address whose parts
 * are a number, `*` (any) or a range `a-b`; a leading `-` forbids. An address passes when no forbidding
 * item matches it and, if there are allowing items, one of them matches. An empty policy allows all.
 */
interface PolicyItem {
  forbid: boolean;
  parts: [number, number][];
}

function parsePart(part: string): [number, number] | undefined {
  if (part === '*') return [0, 255];
  const range = /^(\d{1,3})-(\d{1,3})$/.exec(part);
  const [low, high] = range ? [Number(range[1]), Number(range[2])] : /^\d{1,3}$/.test(part) ? [Number(part), Number(part)] : [-1, -1];
  return low >= 0 && high <= 255 && low <= high ? [low, high] : undefined;
}

function parseItem(text: string): PolicyItem | undefined {
  const forbid = text.startsWith('-');
  const parts = (forbid ? text.slice(1) : text).split('.').map(parsePart);
  if (parts.length !== 4 || parts.some((part) => part === undefined)) return undefined;
  return { forbid, parts: parts as [number, number][] };
}

function items(policy: string): string[] {
  return policy
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function isValidIpPolicy(policy: string): boolean {
  return items(policy).every((item) => parseItem(item) !== undefined);
}

export function ipAllowed(policy: string, ip: string): boolean {
  const address = ip
    .replace(/^::ffff:/, '')
    .split('.')
    .map(Number);
  const parsed = items(policy)
    .map(parseItem)
    .filter((item) => item !== undefined);
  const matches = (item: PolicyItem) =>
    address.length === 4 && item.parts.every(([low, high], index) => (address[index] ?? -1) >= low && (address[index] ?? -1) <= high);
  if (parsed.some((item) => item.forbid && matches(item))) return false;
  const allowing = parsed.filter((item) => !item.forbid);
  return allowing.length === 0 || allowing.some(matches);
}
