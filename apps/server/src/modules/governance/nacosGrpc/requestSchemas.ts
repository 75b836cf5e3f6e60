import {
  configContentTypes,
  formatMessage,
  governanceRules,
  isMessageKey,
  type Language,
  type MessageParams,
  metadataSchema,
  optionalText,
  ruledNumber,
  ruledString,
} from '@qiming/shared';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.ts';
import { defaultCluster, defaultGroup, ipParam, portParam } from '../nacos/namingSchemas.ts';

/** Java's defaults for a field the JSON leaves out or sets to null. */
const orDefault = <T extends z.ZodType>(fallback: unknown, schema: T) =>
  z.preprocess((value) => (value === undefined || value === null || value === '' ? fallback : value), schema);
const flag = (fallback: boolean) => orDefault(fallback, z.boolean());
const tenantParam = ruledString(optionalText({ max: 64 }));

/** com.alibaba.nacos.api.naming.pojo.Instance as the clients send it. */
const instance = z.object({
  ip: ipParam,
  port: portParam,
  weight: orDefault(1, ruledNumber(governanceRules.weight)),
  healthy: flag(true),
  enabled: flag(true),
  clusterName: orDefault(defaultCluster, ruledString(governanceRules.groupName)),
  metadata: metadataSchema,
});
export type InstanceBody = z.infer<typeof instance>;

const namingRequest = z.object({
  namespace: tenantParam,
  serviceName: ruledString([...optionalText({ max: 330 })]),
  groupName: ruledString(optionalText({ max: 128 })),
});

export const instanceRequest = namingRequest.extend({
  type: z.enum(['registerInstance', 'deregisterInstance']),
  instance,
});

export const batchInstanceRequest = namingRequest.extend({
  type: z.literal('batchRegisterInstance'),
  instances: z.array(instance).max(1_000),
});

export const serviceQueryRequest = namingRequest.extend({
  cluster: ruledString(optionalText({ max: 1000 })),
  healthyOnly: flag(false),
});

export const subscribeServiceRequest = namingRequest.extend({
  subscribe: flag(true),
  clusters: ruledString(optionalText({ max: 1000 })),
});

export const serviceListRequest = namingRequest.extend({
  pageNo: orDefault(1, z.coerce.number().int().min(1).max(1_000_000)),
  pageSize: orDefault(10, z.coerce.number().int().min(1).max(1000)),
});

const configKey = z.object({
  dataId: ruledString(governanceRules.dataId),
  group: orDefault(defaultGroup, ruledString(governanceRules.groupName)),
  tenant: tenantParam,
});

export const configQueryRequest = configKey;
export const configRemoveRequest = configKey;

const additions = z.record(z.string(), z.string().nullable()).nullish();

export const configPublishRequest = configKey.extend({
  content: ruledString(governanceRules.content),
  casMd5: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/)
      .optional(),
  ),
  additionMap: additions,
});

/** A type Nacos does not know publishes as text, as its ConfigType.isValidType fallback does. */
export function configTypeOf(type: string | null | undefined): (typeof configContentTypes)[number] {
  return configContentTypes.find((known) => known === type) ?? 'text';
}

export const configBatchListenRequest = z.object({
  listen: flag(true),
  configListenContexts: z
    .array(
      configKey.extend({
        md5: orDefault('', z.string().regex(/^([0-9a-fA-F]{32})?$/)),
      }),
    )
    .max(3_000),
});

/** The body checked against `schema`; a bad field answers 400 naming it and why, in the caller's language. */
export function parsedBody<Schema extends z.ZodType>(schema: Schema, body: unknown, language: Language): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const params = (issue as { params?: MessageParams } | undefined)?.params;
  const reason =
    issue && isMessageKey(issue.message)
      ? formatMessage(issue.message, language, params)
      : formatMessage('validation.invalidValue', language, { field });
  throw badRequest('error.badInput', { field, reason });
}
