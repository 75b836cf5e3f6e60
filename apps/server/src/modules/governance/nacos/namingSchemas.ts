import { isIP } from 'node:net';
import { governanceRules, metadataSchema, nacosName, optionalText, requiredText, ruledNumber, ruledString } from '@qiming/shared';
import { z } from 'zod';

export const defaultGroup = 'DEFAULT_GROUP';
export const defaultCluster = 'DEFAULT';

const hostName = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const flag = (fallback: boolean) =>
  z.preprocess((value) => (value === undefined || value === '' ? fallback : value === true || value === 'true'), z.boolean());

export const ipParam = ruledString([
  ...requiredText({ max: 253 }),
  { message: 'validation.ipAddress', test: (value) => isIP(String(value)) !== 0 || hostName.test(String(value)) },
]);
export const portParam = ruledNumber([
  ...requiredText({ max: 5 }),
  {
    message: 'validation.numberRange',
    params: { min: 1, max: 65535 },
    test: (value) => /^\d+$/.test(String(value)) && Number(value) >= 1 && Number(value) <= 65535,
  },
]);
/** A weight defaults to 1, as Nacos registers it. */
const weightParam = z.preprocess((value) => (value === undefined || value === '' ? '1' : value), ruledNumber(governanceRules.weight));
const clusterParam = z.preprocess((value) => value || defaultCluster, ruledString([...requiredText({ max: 64 }), nacosName]));
const namespaceParam = ruledString(optionalText({ max: 64 }));

/**
 * Metadata as JSON or as Nacos's other form `k1=v1,k2=v2`; a pair without exactly one `=` leaves the
 * text as it is, which the metadata rule then refuses naming the field.
 */
const nacosMetadata = z.preprocess((value) => {
  if (typeof value !== 'string' || value.trim().startsWith('{') || value.trim() === '') return value;
  const pairs = value
    .split(',')
    .filter((pair) => pair.trim() !== '')
    .map((pair) => pair.split('='));
  if (pairs.some((pair) => pair.length !== 2 || pair[0]?.trim() === '')) return value;
  return Object.fromEntries(pairs.map(([key, text]) => [String(key).trim(), String(text).trim()]));
}, metadataSchema);

/** `group@@name` as clients send it, or a bare name with the group beside it. */
export const serviceNameParam = ruledString([...requiredText({ max: 330 })]);

export const registerParams = z.object({
  namespaceId: namespaceParam,
  serviceName: serviceNameParam,
  groupName: ruledString(optionalText({ max: 128 })),
  clusterName: clusterParam,
  ip: ipParam,
  port: portParam,
  weight: weightParam,
  enable: flag(true),
  // The open API documents `enabled`; the npm client sends `enable`.
  enabled: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value === true || value === 'true'),
    z.boolean().optional(),
  ),
  healthy: flag(true),
  ephemeral: flag(true),
  metadata: nacosMetadata,
});

export const deregisterParams = registerParams.pick({
  namespaceId: true,
  serviceName: true,
  groupName: true,
  clusterName: true,
  ip: true,
  port: true,
});

/** The beat a client sends as JSON text in `beat`. */
const beatInfo = z.object({
  serviceName: z.string().max(330).optional(),
  ip: ipParam,
  port: portParam,
  cluster: clusterParam,
  weight: weightParam,
  metadata: nacosMetadata,
});

export const beatParams = z.object({
  namespaceId: namespaceParam,
  serviceName: serviceNameParam,
  groupName: ruledString(optionalText({ max: 128 })),
  // Without `beat` (Nacos's light beat) the instance is named by ip, port and clusterName.
  beat: z.preprocess((value) => {
    if (value === '') return undefined;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, beatInfo.optional()),
  ip: ipParam.optional(),
  port: portParam.optional(),
  clusterName: clusterParam,
});

export const listParams = z.object({
  namespaceId: namespaceParam,
  serviceName: serviceNameParam,
  groupName: ruledString(optionalText({ max: 128 })),
  clusters: ruledString(optionalText({ max: 1000 })),
  healthyOnly: flag(false),
});

export const serviceParams = z.object({
  namespaceId: namespaceParam,
  serviceName: serviceNameParam,
  groupName: ruledString(optionalText({ max: 128 })),
});

export const serviceListParams = z.object({
  namespaceId: namespaceParam,
  groupName: ruledString(optionalText({ max: 128 })),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
});

const optionalFlag = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value === true || value === 'true'),
  z.boolean().optional(),
);

/**
 * Nacos's service selector, JSON (URL-encoded or not); Qiming serves every instance to every client,
 * which is the `none` selector, and refuses the others rather than ignore them.
 */
const selectorParam = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return 'none';
    try {
      const parsed = JSON.parse(decodeURIComponent(String(value))) as { type?: unknown };
      return parsed.type;
    } catch {
      return value;
    }
  },
  z.literal('none', { message: 'not match any type of selector!' }),
);

/** A service's protect threshold and metadata, as service create and update take them. */
export const serviceWriteParams = serviceParams.extend({
  protectThreshold: z.preprocess(
    (value) => (value === undefined || value === '' ? '0' : value),
    ruledNumber(governanceRules.protectThreshold),
  ),
  metadata: nacosMetadata,
  selector: selectorParam,
});

/** `healthy`, or its older name `valid`, of one instance. */
export const healthParams = deregisterParams.extend({ healthy: optionalFlag, valid: optionalFlag });

const batchInstance = z.object({
  ip: ipParam,
  port: z.coerce.number().int().min(1).max(65535),
  clusterName: z.preprocess((value) => value || defaultCluster, z.string().max(64)),
});

export const metadataBatchParams = serviceParams.extend({
  consistencyType: z.preprocess((value) => value || 'ephemeral', z.enum(['ephemeral', 'persistent'])),
  // JSON list of instances by ip, port and clusterName; none listed means every instance of the service.
  instances: z.preprocess((value) => {
    if (value === undefined || value === '') return [];
    try {
      return JSON.parse(String(value));
    } catch {
      return value;
    }
  }, z.array(batchInstance).max(1000)),
  metadata: nacosMetadata.refine((metadata) => Object.keys(metadata).length > 0, 'validation.required'),
});

/** Splits `group@@name`; the name's own rule then applies to each part. */
export function splitServiceName(
  serviceName: string,
  groupName: string | undefined,
): { groupName: string; serviceName: string } | undefined {
  const parts = serviceName.split('@@');
  const [group, name] = parts.length === 2 ? (parts as [string, string]) : [groupName || defaultGroup, serviceName];
  const valid = (value: string, rules: typeof governanceRules.serviceName) => rules.every((rule) => rule.test(value));
  if (parts.length > 2 || !valid(group, governanceRules.groupName) || !valid(name, governanceRules.serviceName)) return undefined;
  return { groupName: group, serviceName: name };
}
