import { type ConfigContentType, type ConfigItem, publicNamespace } from '@qiming/shared';
import type { StoredVersion } from '../config/configRepo.ts';
import type { ConfigService } from '../config/configService.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import { NacosRefusal, nacosErrorCodes } from './nacosRefusal.ts';

/** A config as Nacos clients name it: the public namespace is an empty tenant. */
export interface NacosConfigKey {
  dataId: string;
  group: string;
  tenant: string;
}

export interface NacosConfigDraft extends NacosConfigKey {
  content: string;
  type: ConfigContentType;
  appName: string;
  desc: string;
  config_tags: string;
}

/** Nacos's answer to a compare-and-set publish that finds another MD5 (or no config). */
const casRefused = 'Cas publish fail, server md5 may have changed.';
const operationCodes = { insert: 'I', update: 'U', delete: 'D' } as const;

const tenantOf = (namespaceId: string) => (namespaceId === publicNamespace ? '' : namespaceId);

/** A config as Nacos's list and batch answers show it. */
export function configItemOf(config: ConfigItem) {
  return {
    id: String(config.id),
    dataId: config.dataId,
    group: config.group,
    content: config.content,
    md5: config.md5,
    encryptedDataKey: '',
    tenant: tenantOf(config.namespaceId),
    appName: config.appName,
    type: config.type,
  };
}

/**
 * Nacos's ConfigHistoryInfo of a version. Each of Qiming's versions holds the content it wrote (Nacos's
 * `U` row holds the content it replaced), so `previous` of a version is the content before it.
 */
function historyOf(version: StoredVersion, withContent: boolean) {
  const at = new Date(version.changedAt).toISOString();
  return {
    id: String(version.id),
    lastId: -1,
    dataId: version.dataId,
    group: version.group,
    tenant: tenantOf(version.namespaceId),
    appName: version.appName,
    md5: version.md5,
    ...(withContent ? { content: version.content } : {}),
    srcIp: '',
    srcUser: version.changedBy,
    opType: operationCodes[version.operation],
    publishType: 'formal',
    createdTime: at,
    lastModifiedTime: at,
    encryptedDataKey: '',
  };
}

/** What Nacos's config and history endpoints do, once, for the v1 and v2 routes alike. */
export class ConfigOperations {
  constructor(
    private readonly configs: ConfigService,
    private readonly namespaces: NamespaceService,
  ) {}

  async keyOf(params: NacosConfigKey) {
    return { namespaceId: await this.namespaces.requireExisting(namespaceOf(params.tenant)), group: params.group, dataId: params.dataId };
  }

  async read(params: NacosConfigKey): Promise<ConfigItem> {
    const config = await this.configs.get(await this.keyOf(params));
    if (!config) throw new NacosRefusal(404, nacosErrorCodes.resourceNotFound, 'config data not exist');
    return config;
  }

  /** Publishes a config; with `casMd5` only over that MD5, else Nacos's 500. */
  async publish(draft: NacosConfigDraft, by: string, casMd5: string | undefined): Promise<true> {
    const key = await this.keyOf(draft);
    const values = { content: draft.content, type: draft.type, appName: draft.appName, description: draft.desc, tags: draft.config_tags };
    if (!(await this.configs.publish({ ...key, ...values }, by, casMd5))) {
      throw new NacosRefusal(500, nacosErrorCodes.resourceConflict, casRefused);
    }
    return true;
  }

  async remove(params: NacosConfigKey, by: string): Promise<true> {
    await this.configs.remove(await this.keyOf(params), by);
    return true;
  }

  /** A page of a config's versions, newest first, in Nacos's page shape. */
  async history(params: NacosConfigKey & { pageNo: number; pageSize: number }) {
    const page = await this.configs.history(await this.keyOf(params), params);
    return {
      totalCount: page.total,
      pageNumber: params.pageNo,
      pagesAvailable: Math.ceil(page.total / params.pageSize),
      pageItems: page.records.map((version) => historyOf(version, false)),
    };
  }

  async version(params: NacosConfigKey & { nid: number }) {
    const key = await this.keyOf(params);
    const version = await this.configs.version(params.nid);
    if (!version) throw new NacosRefusal(404, nacosErrorCodes.resourceNotFound, `certain config history for nid = ${params.nid} not exist`);
    // HistoryService's check: a version is read under its own config's name only.
    if (version.namespaceId !== key.namespaceId || version.group !== key.group || version.dataId !== key.dataId) {
      throw new NacosRefusal(403, nacosErrorCodes.accessDenied, 'Please check dataId, group or namespaceId.');
    }
    return historyOf(version, true);
  }

  async previousVersion(params: NacosConfigKey & { id: number }) {
    const version = await this.configs.previousVersion(await this.keyOf(params), params.id);
    if (!version) throw new NacosRefusal(404, nacosErrorCodes.resourceNotFound, `previous config history for id = ${params.id} not exist`);
    return historyOf(version, true);
  }

  /** Every config of a namespace, without content, as Nacos's `history/configs` lists them. */
  async configsOf(tenant: string) {
    const configs = await this.configs.configsOf(await this.namespaces.requireExisting(namespaceOf(tenant)));
    return configs.map((config) => {
      const { content: _content, ...item } = configItemOf(config);
      return item;
    });
  }
}
