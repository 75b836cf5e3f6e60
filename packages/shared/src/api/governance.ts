import { z } from 'zod';
import type { FieldRule } from '../validation/rules.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, ruledNumber, ruledString } from '../validation/zod.ts';

/** The namespace every registry and config-centre call falls into when it names none. */
export const publicNamespace = 'public';

/**
 * Nacos' own limit for names: letters, digits and `_ - . :`; and never `.` or `..` alone, which as a
 * folder of an exported zip would step outside it.
 */
export const nacosName: FieldRule = {
  message: 'validation.nacosName',
  test: (value) => /^[A-Za-z0-9_.:-]+$/.test(String(value)) && String(value) !== '.' && String(value) !== '..',
};
const namespaceIdChars: FieldRule = { message: 'validation.namespaceId', test: (value) => /^[A-Za-z0-9_-]+$/.test(String(value)) };
const decimal = (min: number, max: number): FieldRule => ({
  message: 'validation.numberRange',
  params: { min, max },
  test: (value) => /^\d+(\.\d+)?$/.test(String(value)) && Number(value) >= min && Number(value) <= max,
});

export const configContentTypes = ['text', 'json', 'xml', 'yaml', 'html', 'properties'] as const;
export type ConfigContentType = (typeof configContentTypes)[number];

/** Config content above this many UTF-8 bytes is refused (Nacos' `maxContent` default of 100 KiB). */
export const maxConfigContentBytes = 100 * 1024;

export const governanceRules = {
  namespaceId: [...requiredText({ max: 64 }), namespaceIdChars],
  namespaceName: requiredText({ max: 100 }),
  description: optionalText({ max: 255 }),
  serviceName: [...requiredText({ max: 200 }), nacosName],
  groupName: [...requiredText({ max: 128 }), nacosName],
  protectThreshold: [...requiredText({ max: 10 }), decimal(0, 1)],
  weight: [...requiredText({ max: 10 }), decimal(0, 10000)],
  dataId: [...requiredText({ max: 255 }), nacosName],
  appName: optionalText({ max: 128 }),
  tags: optionalText({ max: 255 }),
  content: requiredText(),
} satisfies Record<string, FieldRule[]>;

/** Metadata is a JSON object of strings, sent as an object or as its JSON text. */
export const metadataSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return {};
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean()]).transform(String)),
);

export const namespaceInput = z.object({
  namespaceId: ruledString(governanceRules.namespaceId),
  name: ruledString(governanceRules.namespaceName),
  description: ruledString(governanceRules.description),
});
export type NamespaceInput = z.infer<typeof namespaceInput>;
export const namespaceUpdate = namespaceInput.omit({ namespaceId: true });
export type NamespaceUpdate = z.infer<typeof namespaceUpdate>;

/** A namespace's grants to roles, as Nacos's RBAC grants a role a namespace: `read`, or `write` which reads too. */
export const namespaceGrantsInput = z.object({
  grants: z
    .array(z.object({ roleId: z.number().int().positive(), access: z.enum(['read', 'write']) }))
    .max(1000)
    .refine((grants) => new Set(grants.map((grant) => grant.roleId)).size === grants.length, { message: 'validation.invalidValue' }),
});
export type NamespaceGrantsInput = z.infer<typeof namespaceGrantsInput>;

export const serviceInput = z.object({
  serviceName: ruledString(governanceRules.serviceName),
  groupName: ruledString(governanceRules.groupName),
  protectThreshold: ruledNumber(governanceRules.protectThreshold),
  metadata: metadataSchema,
});
export type ServiceInput = z.infer<typeof serviceInput>;

export const instanceEdit = z.object({
  weight: ruledNumber(governanceRules.weight),
  enabled: formFlag(),
});
export type InstanceEdit = z.infer<typeof instanceEdit>;

export const configInput = z.object({
  dataId: ruledString(governanceRules.dataId),
  group: ruledString(governanceRules.groupName),
  appName: ruledString(governanceRules.appName),
  tags: ruledString(governanceRules.tags),
  type: z.enum(configContentTypes).default('text'),
  description: ruledString(governanceRules.description),
  content: ruledString(governanceRules.content),
});
export type ConfigInput = z.infer<typeof configInput>;

export type ConflictPolicy = 'abort' | 'skip' | 'overwrite';
export const conflictPolicies = ['abort', 'skip', 'overwrite'] as const satisfies readonly ConflictPolicy[];

export const serviceSortable = ['serviceName', 'groupName'] as const;
export const instanceSortable = ['ip', 'port', 'weight', 'clusterName'] as const;
export const configSortable = ['dataId', 'group', 'updatedAt'] as const;
export const namespaceSortable = ['namespaceId', 'name'] as const;
export const configVersionSortable = ['changedAt'] as const;

// ---------------------------------------------------------------- answers

const stringMap = z.record(z.string(), z.string());

export const namespace = z.object({
  id: z.number().int(),
  namespaceId: z.string(),
  name: z.string(),
  description: z.string(),
  configCount: z.number().int(),
  serviceCount: z.number().int(),
});
export type Namespace = z.infer<typeof namespace>;

/** A role's grant on a namespace, and a role the caller may grant it to (GET /namespaces/:id/grants). */
export const namespaceGrant = z.object({
  roleId: z.number().int(),
  roleCode: z.string(),
  roleName: z.string(),
  access: z.enum(['read', 'write']),
});
export type NamespaceGrant = z.infer<typeof namespaceGrant>;
export const grantableRole = z.object({ id: z.number().int(), roleCode: z.string(), roleName: z.string() });
export type GrantableRole = z.infer<typeof grantableRole>;
export const namespaceGrants = z.object({ grants: z.array(namespaceGrant), roles: z.array(grantableRole) });
export type NamespaceGrants = z.infer<typeof namespaceGrants>;

export const registryService = z.object({
  id: z.number().int(),
  namespaceId: z.string(),
  groupName: z.string(),
  serviceName: z.string(),
  protectThreshold: z.number(),
  metadata: stringMap,
  clusterCount: z.number().int(),
  instanceCount: z.number().int(),
  healthyCount: z.number().int(),
});
export type RegistryService = z.infer<typeof registryService>;

export const registryInstance = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  clusterName: z.string(),
  ip: z.string(),
  port: z.number().int(),
  weight: z.number(),
  healthy: z.boolean(),
  enabled: z.boolean(),
  ephemeral: z.boolean(),
  metadata: stringMap,
  lastBeat: z.number(),
  /** The heartbeat settings the instance registered with, in ms (Nacos's preserved.heart.beat.* metadata). */
  beatInterval: z.number().int(),
  beatTimeout: z.number().int(),
  deleteTimeout: z.number().int(),
});
export type RegistryInstance = z.infer<typeof registryInstance>;

export const configItem = z.object({
  id: z.number().int(),
  namespaceId: z.string(),
  dataId: z.string(),
  group: z.string(),
  appName: z.string(),
  tags: z.string(),
  type: z.enum(configContentTypes),
  description: z.string(),
  content: z.string(),
  md5: z.string(),
  updatedBy: z.string(),
  updatedAt: z.number().int(),
});
export type ConfigItem = z.infer<typeof configItem>;

export const configVersion = z.object({
  id: z.number().int(),
  configId: z.number().int(),
  namespaceId: z.string(),
  dataId: z.string(),
  group: z.string(),
  appName: z.string(),
  operation: z.enum(['insert', 'update', 'delete']),
  type: z.enum(configContentTypes),
  content: z.string(),
  md5: z.string(),
  changedBy: z.string(),
  changedAt: z.number().int(),
});
export type ConfigVersion = z.infer<typeof configVersion>;

export const configListener = z.object({ clientIp: z.string(), md5: z.string(), clientVersion: z.string(), since: z.number().int() });
export type ConfigListener = z.infer<typeof configListener>;

/** What an import or clone did with each config it was given. */
export const transferReport = z.object({ created: z.array(z.string()), overwritten: z.array(z.string()), skipped: z.array(z.string()) });
export type TransferReport = z.infer<typeof transferReport>;
