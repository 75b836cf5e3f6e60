import {
  type ConfigContentType,
  type ConfigInput,
  type ConfigItem,
  type ConflictPolicy,
  maxConfigContentBytes,
  type TransferReport,
} from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import * as repo from './configRepo.ts';
import { contentMd5, contentProblem } from './contentTypes.ts';
import type { ConfigListenerHub } from './listenerHub.ts';

export interface ConfigDraft extends repo.ConfigKey {
  appName: string;
  tags: string;
  type: ConfigContentType;
  description: string;
  content: string;
}

const keyLabel = (key: Pick<repo.ConfigKey, 'group' | 'dataId'>) => `${key.group}/${key.dataId}`;

/** Refuses content too large or not of its declared type, before anything is written. */
export function checkContent(type: ConfigContentType, content: string): void {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxConfigContentBytes) throw badRequest('error.configTooLarge', { max: maxConfigContentBytes });
  const problem = contentProblem(type, content);
  if (problem) throw badRequest('error.configContent', { type, reason: problem });
}

/** Configs with their history; every write is announced to listeners on every server after it commits. */
export class ConfigService {
  constructor(
    private readonly context: AppContext,
    readonly listeners: ConfigListenerHub,
  ) {}

  private get db() {
    return this.context.db;
  }

  get(key: repo.ConfigKey) {
    return repo.findConfig(this.db, key);
  }

  async requireConfig(namespaceId: string, id: number): Promise<ConfigItem> {
    const config = await repo.findConfigById(this.db, namespaceId, id);
    if (!config) throw notFound();
    return config;
  }

  /**
   * Writes drafts in one transaction under a conflict policy: `abort` refuses the whole batch when
   * any config exists, `skip` leaves existing ones, `overwrite` replaces them.
   */
  async write(
    drafts: ConfigDraft[],
    policy: ConflictPolicy,
    by: string,
    conflict: 'error.importConflict' | 'error.duplicateConfig' = 'error.importConflict',
  ): Promise<TransferReport> {
    for (const draft of drafts) checkContent(draft.type, draft.content);
    const report: TransferReport = { created: [], overwritten: [], skipped: [] };
    const changed: { key: repo.ConfigKey; md5: string }[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        const existing = new Map<ConfigDraft, ConfigItem>();
        for (const draft of drafts) {
          const found = await repo.findConfig(trx, draft);
          if (found) existing.set(draft, found);
        }
        if (policy === 'abort' && existing.size > 0) {
          throw badRequest(conflict, { keys: [...existing.keys()].map(keyLabel).join(', ') });
        }
        const now = this.context.now();
        for (const draft of drafts) {
          const before = existing.get(draft);
          if (before && policy === 'skip') {
            report.skipped.push(keyLabel(draft));
            continue;
          }
          const values = { ...draft, md5: contentMd5(draft.content) };
          const id = before ? before.id : await repo.insertConfig(trx, draft, values, by, now);
          if (before) await repo.updateConfig(trx, before.id, values, by, now);
          await repo.insertVersion(trx, { id, ...values }, before ? 'update' : 'insert', by, now);
          (before ? report.overwritten : report.created).push(keyLabel(draft));
          changed.push({ key: draft, md5: values.md5 });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('error.duplicateConfig');
      throw error;
    }
    await Promise.all(changed.map(({ key, md5 }) => this.listeners.announce(key, md5)));
    return report;
  }

  /** Publishes one config as a client does: created or replaced. */
  async publish(draft: ConfigDraft, by: string): Promise<void> {
    await this.write([draft], 'overwrite', by);
  }

  /** Removes a config; true whether or not it existed, as Nacos answers. */
  async remove(key: repo.ConfigKey, by: string): Promise<ConfigItem | undefined> {
    const removed = await this.db.transaction().execute(async (trx) => this.removeIn(trx, key, by));
    if (removed) await this.listeners.announce(key, '');
    return removed;
  }

  private async removeIn(trx: Kysely<Database>, key: repo.ConfigKey, by: string) {
    const before = await repo.findConfig(trx, key);
    if (!before) return undefined;
    await repo.deleteConfig(trx, before.id);
    await repo.insertVersion(trx, { ...before, namespaceId: key.namespaceId }, 'delete', by, this.context.now());
    return before;
  }

  async create(request: FastifyRequest, namespaceId: string, input: ConfigInput) {
    const startedAt = this.context.now();
    await this.write([{ namespaceId, ...input }], 'abort', request.session?.userName ?? '', 'error.duplicateConfig');
    const after = await this.get({ namespaceId, ...input });
    await recordChange(this.context, request, {
      operation: 'config:add',
      target: `config:${namespaceId}/${keyLabel(input)}`,
      after,
      startedAt,
    });
    return after;
  }

  /** Data ID and group name a config to its clients, so an edit keeps them. */
  async update(request: FastifyRequest, namespaceId: string, id: number, input: ConfigInput) {
    const startedAt = this.context.now();
    const before = await this.requireConfig(namespaceId, id);
    await this.write([{ ...input, namespaceId, dataId: before.dataId, group: before.group }], 'overwrite', request.session?.userName ?? '');
    const after = await this.requireConfig(namespaceId, id);
    await recordChange(this.context, request, { operation: 'config:edit', target: `config:${id}`, before, after, startedAt });
    return after;
  }

  async removeMany(request: FastifyRequest, namespaceId: string, ids: number[]) {
    const startedAt = this.context.now();
    const by = request.session?.userName ?? '';
    const removed = await this.db.transaction().execute(async (trx) => {
      const found = [];
      for (const id of ids) {
        const config = await repo.findConfigById(trx, namespaceId, id);
        if (config) found.push(await this.removeIn(trx, config, by));
      }
      return found.filter((config) => config !== undefined);
    });
    await Promise.all(removed.map((config) => this.listeners.announce(config, '')));
    await recordChange(this.context, request, {
      operation: 'config:delete',
      target: `config:${ids.join(',')}`,
      before: removed,
      after: { deleted: removed.length },
      startedAt,
    });
    return { deleted: removed.length };
  }

  /** Publishes an earlier version's content and attributes again, as a new version. */
  async rollback(request: FastifyRequest, namespaceId: string, id: number, versionId: number) {
    const startedAt = this.context.now();
    const before = await this.requireConfig(namespaceId, id);
    const version = await repo.findVersion(this.db, before, versionId);
    if (!version) throw notFound();
    await this.write(
      [{ ...before, namespaceId, type: version.type, content: version.content }],
      'overwrite',
      request.session?.userName ?? '',
    );
    const after = await this.requireConfig(namespaceId, id);
    await recordChange(this.context, request, { operation: 'config:edit', target: `config:${id}@${versionId}`, before, after, startedAt });
    return after;
  }

  async clone(request: FastifyRequest, from: string, ids: number[], to: string, policy: ConflictPolicy) {
    const startedAt = this.context.now();
    const configs = await repo.listConfigs(this.db, from, ids);
    const report = await this.write(
      configs.map((config) => ({ ...config, namespaceId: to })),
      policy,
      request.session?.userName ?? '',
    );
    await recordChange(this.context, request, { operation: 'config:add', target: `config:${from}->${to}`, after: report, startedAt });
    return report;
  }

  async importDrafts(request: FastifyRequest, drafts: ConfigDraft[], policy: ConflictPolicy) {
    const startedAt = this.context.now();
    const report = await this.write(drafts, policy, request.session?.userName ?? '');
    await recordChange(this.context, request, { operation: 'config:add', target: `config:import`, after: report, startedAt });
    return report;
  }
}
