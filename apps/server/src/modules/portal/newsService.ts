import type { NewsInput, NewsRow, NewsStatus } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { type StatusStep, takeStatusStep } from '../../http/statusStep.ts';
import { requireAttachments } from '../attachments/attachmentService.ts';
import { type AuditEntry, audited } from '../audit/audited.ts';
import { requireNewsEdit } from '../iam/policy.ts';
import * as repo from './newsRepo.ts';
import type { PublicContentCache } from './publicContentCache.ts';
import { sanitizeRichText } from './sanitizeRichText.ts';

/** The statuses each step starts from: a draft or a withdrawn item is published, a published one withdrawn. */
const steps: Record<'publish' | 'withdraw', StatusStep<NewsStatus>> = {
  publish: { from: ['draft', 'withdrawn'], to: 'published' },
  withdraw: { from: ['published'], to: 'withdrawn' },
};

/**
 * News as editors keep it: written as drafts, published to the site, withdrawn. The body is sanitised
 * as it is stored (and again as it is served), so what the editor sees saved is what the site shows.
 */
export class NewsService {
  constructor(
    private readonly context: AppContext,
    private readonly cache: PublicContentCache,
  ) {}

  async require(id: number, db: Kysely<Database> = this.context.db): Promise<NewsRow> {
    const row = await repo.findNewsRow(db, id);
    if (!row) throw notFound();
    return row;
  }

  create(caller: Caller, input: NewsInput): Promise<NewsRow> {
    return this.change(caller, 'add', 'new', async (trx, entry) => {
      await requireAttachments(trx, [input.cover]);
      const id = await repo.insertNews(trx, clean(input), this.context.now());
      entry.after = await this.require(id, trx);
      return entry.after as NewsRow;
    });
  }

  update(caller: Caller, id: number, input: NewsInput): Promise<NewsRow> {
    return this.change(caller, 'edit', String(id), async (trx, entry) => {
      const before = await this.require(id, trx);
      entry.before = before;
      await requireNewsEdit(caller, trx, before.status);
      await requireAttachments(trx, [input.cover]);
      await repo.updateNews(trx, id, clean(input), this.context.now());
      entry.after = await this.require(id, trx);
      return entry.after as NewsRow;
    });
  }

  step(caller: Caller, id: number, step: 'publish' | 'withdraw'): Promise<NewsRow> {
    return this.change(caller, 'publish', `${step}:${id}`, (trx, entry) =>
      takeStatusStep(
        steps[step],
        { load: () => this.require(id, trx), save: (status) => repo.setNewsStatus(trx, id, status, this.context.now()) },
        entry,
        'error.newsStatus',
      ),
    );
  }

  remove(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
    return this.change(caller, 'delete', ids.join(','), async (trx, entry) => {
      entry.before = await Promise.all(ids.map((id) => this.require(id, trx)));
      entry.after = { deleted: await repo.deleteNews(trx, ids) };
      return entry.after as { deleted: number };
    });
  }

  private async change<T>(
    caller: Caller,
    action: string,
    target: string,
    work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>,
  ): Promise<T> {
    const result = await audited(this.context, caller, { operation: `portal:news:${action}`, target: `portal:news:${target}` }, work);
    await this.cache.changed();
    return result;
  }
}

export const clean = (input: NewsInput): NewsInput => ({ ...input, body: sanitizeRichText(input.body) });
