import { configContentTypes, governanceRules, optionalText, requiredText, ruledString } from '@qiming/shared';
import { z } from 'zod';
import { defaultGroup } from './namingSchemas.ts';

export const md5Pattern = /^[0-9a-fA-F]{32}$/;
const tenantParam = ruledString(optionalText({ max: 64 }));
const pageNo = z.coerce.number().int().min(1).max(1_000_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(500).default(100);

export const keyParams = z.object({
  dataId: ruledString(governanceRules.dataId),
  group: z.preprocess((value) => value || defaultGroup, ruledString(governanceRules.groupName)),
  tenant: tenantParam,
});

export const publishParams = keyParams.extend({
  content: ruledString(governanceRules.content),
  type: z.preprocess((value) => value || 'text', z.enum(configContentTypes)),
  appName: ruledString(governanceRules.appName),
  desc: ruledString(governanceRules.description),
  config_tags: ruledString(governanceRules.tags),
  casMd5: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(md5Pattern).optional()),
});

export const searchParams = z.object({
  search: z.enum(['accurate', 'blur']),
  dataId: ruledString(optionalText({ max: 255 })),
  group: ruledString(optionalText({ max: 128 })),
  appName: ruledString(optionalText({ max: 128 })),
  config_tags: ruledString(optionalText({ max: 255 })),
  tenant: tenantParam,
  pageNo,
  pageSize,
});

/** `dataIds` comma-separated, as the batch calls of the older clients send them. */
export const batchParams = z.object({
  dataIds: ruledString([...requiredText({ max: 20_000 })]),
  group: z.preprocess((value) => value || defaultGroup, ruledString(governanceRules.groupName)),
  tenant: tenantParam,
});
export const maxBatch = 500;

/** A config's versions, a page at a time (Nacos's `history?search=accurate`). */
export const historyListParams = keyParams.extend({ pageNo, pageSize });
export const historyParams = keyParams.extend({ nid: z.coerce.number().int().min(1) });
export const previousParams = keyParams.extend({ id: z.coerce.number().int().min(1) });
export const namespaceConfigsParams = z.object({ tenant: tenantParam });

/** The v2 API names the tenant `namespaceId` and the tags `configTags`: these read them there under the v1 names. */
const v2 = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => {
    const { namespaceId, tenant: _v1Tenant, configTags, config_tags: _v1Tags, ...rest } = value as Record<string, unknown>;
    return { ...rest, tenant: namespaceId, config_tags: configTags };
  }, schema);
export const keyParamsV2 = v2(keyParams);
export const publishParamsV2 = v2(publishParams);
export const historyListParamsV2 = v2(historyListParams);
export const historyParamsV2 = v2(historyParams);
export const previousParamsV2 = v2(previousParams);
/** `history/configs` of v2 requires the namespace. */
export const namespaceConfigsParamsV2 = v2(z.object({ tenant: ruledString(requiredText({ max: 64 })) }));
