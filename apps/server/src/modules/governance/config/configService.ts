import {
  type ConfigContentType,
  type ConfigInput,
  type ConfigItem,
  type ConflictPolicy,
  maxConfigContentBytes,
  type TransferReport,
} from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { type AuditEntry, audited } from '../../audit/audited.ts';
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

/** A config change that listeners hear of once its transaction commits; an empty md5 means removed. */
interface Announcement {
  key: repo.ConfigKey;
  md5: string;
}

const keyLabel = (key: Pick<repo.ConfigKey, 'group' | 'dataId'>) => `${key.group}/${key.dataId}`;

/** Refuses content too large or not of its declared type, before anything is written. */
export function checkContent(type: ConfigContentType, content: string): void {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxConfigContentBytes) throw badRequest('error.configTooLarge', { max: maxConfigContentBytes });
  const problem = contentProblem(type, content);
  if (problem?.line !== undefined) throw badRequest('error.configContentAt', { type, line: problem.line, column: problem.column ?? 1 });
  if (problem) throw badRequest('error.configContent', { type });
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

  /** The current MD5 of each of `keys` that exists, keyed by `configKeyText`. */
  currentMd5s(keys: repo.ConfigKey[]) {
    return repo.currentMd5s(this.db, keys);
  }

  search(namespaceId: string, search: repo.ConfigSearch, page: { pageNo: number; pageSize: number }) {
    return repo.searchConfigs(this.db, namespaceId, search, page);
  }

  /** Nacos's history API: a config's versions newest first, one by id, and the one before it. */
  history(key: repo.ConfigKey, page: { pageNo: number; pageSize: number }) {
    return repo.pageVersions(this.db, key, { page: page.pageNo, limit: page.pageSize, order: 'desc' });
  }

  /** A version by id, whichever config it belongs to: Nacos tells a version of another config from none. */
  version(id: number) {
    return repo.findVersionById(this.db, id);
  }

  previousVersion(key: repo.ConfigKey, id: number) {
    return repo.findPreviousVersion(this.db, key, id);
  }

  configsOf(namespaceId: string) {
    return repo.listConfigs(this.db, namespaceId);
  }

  async requireConfig(namespaceId: string, id: number, db: Kysely<Database> = this.db): Promise<ConfigItem> {
    const config = await repo.findConfigById(db, namespaceId, id);
    if (!config) throw notFound();
    return config;
  }

  /**
   * Writes drafts in the given transaction under a conflict policy: `abort` refuses the whole batch
   * when any config exists, `skip` leaves existing ones, `overwrite` replaces them. What changed is
   * added to `changed`, for listeners to hear once the transaction commits.
   */
  private async writeIn(
    trx: Kysely<Database>,
    drafts: ConfigDraft[],
    policy: ConflictPolicy,
    by: string,
    changed: Announcement[],
    conflict: 'error.importConflict' | 'error.duplicateConfig' = 'error.importConflict',
  ): Promise<TransferReport> {
    for (const draft of drafts) checkContent(draft.type, draft.content);
    const report: TransferReport = { created: [], overwritten: [], skipped: [] };
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
    return report;
  }

  /** Runs a back-office change audited in one transaction, then tells listeners on every server what it changed. */
  private async change<T>(
    caller: Caller,
    change: { operation: string; target: string },
    work: (trx: Kysely<Database>, entry: AuditEntry, changed: Announcement[]) => Promise<T>,
  ): Promise<T> {
    const changed: Announcement[] = [];
    const result = await refuseDuplicateConfig(() => audited(this.context, caller, change, (trx, entry) => work(trx, entry, changed)));
    await this.announce(changed);
    return result;
  }

  /** Tells listeners on every server what a committed change did. */
  private async announce(changed: Announcement[]): Promise<void> {
    await Promise.all(changed.map(({ key, md5 }) => this.listeners.announce(key, md5)));
  }

  /**
   * Publishes one config as a client does: created or replaced. With `casMd5` (compare and set) only
   * when the stored config exists and its MD5 is that one, checked in the write's transaction; false
   * when refused, nothing written.
   */
  async publish(draft: ConfigDraft, by: string, casMd5?: string): Promise<boolean> {
    const changed: Announcement[] = [];
    const written = await refuseDuplicateConfig(() =>
      this.db.transaction().execute(async (trx) => {
        if (casMd5 !== undefined && !(await repo.claimConfigAtMd5(trx, draft, casMd5))) return false;
        await this.writeIn(trx, [draft], 'overwrite', by, changed);
        return true;
      }),
    );
    await this.announce(changed);
    return written;
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

  create(caller: Caller, namespaceId: string, input: ConfigInput) {
    const target = `config:${namespaceId}/${keyLabel(input)}`;
    return this.change(caller, { operation: 'config:add', target }, async (trx, entry, changed) => {
      await this.writeIn(trx, [{ namespaceId, ...input }], 'abort', caller.userName, changed, 'error.duplicateConfig');
      const after = await repo.findConfig(trx, { namespaceId, ...input });
      entry.after = after;
      return after;
    });
  }

  /** Data ID and group name a config to its clients, so an edit keeps them. */
  update(caller: Caller, namespaceId: string, id: number, input: ConfigInput) {
    return this.change(caller, { operation: 'config:edit', target: `config:${id}` }, async (trx, entry, changed) => {
      const before = await this.requireConfig(namespaceId, id, trx);
      entry.before = before;
      const draft = { ...input, namespaceId, dataId: before.dataId, group: before.group };
      await this.writeIn(trx, [draft], 'overwrite', caller.userName, changed);
      const after = await this.requireConfig(namespaceId, id, trx);
      entry.after = after;
      return after;
    });
  }

  removeMany(caller: Caller, namespaceId: string, ids: number[]) {
    return this.change(caller, { operation: 'config:delete', target: `config:${ids.join(',')}` }, async (trx, entry, changed) => {
      const removed = [];
      for (const id of ids) {
        const config = await repo.findConfigById(trx, namespaceId, id);
        const gone = config && (await this.removeIn(trx, config, caller.userName));
        if (gone) removed.push(gone);
      }
      for (const config of removed) changed.push({ key: { ...config, namespaceId }, md5: '' });
      entry.before = removed;
      const after = { deleted: removed.length };
      entry.after = after;
      return after;
    });
  }

  /** Publishes an earlier version's content and attributes again, as a new version. */
  rollback(caller: Caller, namespaceId: string, id: number, versionId: number) {
    return this.change(caller, { operation: 'config:edit', target: `config:${id}@${versionId}` }, async (trx, entry, changed) => {
      const before = await this.requireConfig(namespaceId, id, trx);
      entry.before = before;
      const version = await repo.findVersion(trx, before, versionId);
      if (!version) throw notFound();
      await this.writeIn(
        trx,
        [{ ...before, namespaceId, type: version.type, content: version.content }],
        'overwrite',
        caller.userName,
        changed,
      );
      const after = await this.requireConfig(namespaceId, id, trx);
      entry.after = after;
      return after;
    });
  }

  clone(caller: Caller, from: string, ids: number[], to: string, policy: ConflictPolicy) {
    return this.change(caller, { operation: 'config:add', target: `config:${from}->${to}` }, async (trx, entry, changed) => {
      const configs = await repo.listConfigs(trx, from, ids);
      const after = await this.writeIn(
        trx,
        configs.map((config) => ({ ...config, namespaceId: to })),
        policy,
        caller.userName,
        changed,
      );
      entry.after = after;
      return after;
    });
  }

  importDrafts(caller: Caller, drafts: ConfigDraft[], policy: ConflictPolicy) {
    return this.change(caller, { operation: 'config:add', target: 'config:import' }, async (trx, entry, changed) => {
      const after = await this.writeIn(trx, drafts, policy, caller.userName, changed);
      entry.after = after;
      return after;
    });
  }
}

/** Two writers may create the same config at once; the unique constraint decides, and the loser hears why. */
async function refuseDuplicateConfig<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('error.duplicateConfig');
    throw error;
  }
}
