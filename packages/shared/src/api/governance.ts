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

export interface Namespace {
  id: number;
  namespaceId: string;
  name: string;
  description: string;
  configCount: number;
  serviceCount: number;
}

export interface RegistryService {
  id: number;
  namespaceId: string;
  groupName: string;
  serviceName: string;
  protectThreshold: number;
  metadata: Record<string, string>;
  clusterCount: number;
  instanceCount: number;
  healthyCount: number;
}

export interface RegistryInstance {
  id: number;
  serviceId: number;
  clusterName: string;
  ip: string;
  port: number;
  weight: number;
  healthy: boolean;
  enabled: boolean;
  ephemeral: boolean;
  metadata: Record<string, string>;
  lastBeat: number;
}

export interface ConfigItem {
  id: number;
  namespaceId: string;
  dataId: string;
  group: string;
  appName: string;
  tags: string;
  type: ConfigContentType;
  description: string;
  content: string;
  md5: string;
  updatedBy: string;
  updatedAt: number;
}

export interface ConfigVersion {
  id: number;
  configId: number;
  dataId: string;
  group: string;
  operation: 'insert' | 'update' | 'delete';
  type: ConfigContentType;
  content: string;
  md5: string;
  changedBy: string;
  changedAt: number;
}

export interface ConfigListener {
  clientIp: string;
  md5: string;
  clientVersion: string;
  since: number;
}

export type ConflictPolicy = 'abort' | 'skip' | 'overwrite';
export const conflictPolicies = ['abort', 'skip', 'overwrite'] as const satisfies readonly ConflictPolicy[];

/** What an import or clone did with each config it was given. */
export interface TransferReport {
  created: string[];
  overwritten: string[];
  skipped: string[];
}

export const serviceSortable = ['serviceName', 'groupName'] as const;
export const instanceSortable = ['ip', 'port', 'weight', 'clusterName'] as const;
export const configSortable = ['dataId', 'group', 'updatedAt'] as const;
export const namespaceSortable = ['namespaceId', 'name'] as const;
export const configVersionSortable = ['changedAt'] as const;
