import { randomBytes } from 'node:crypto';
import { type NewsInput, type Preview, previewLifetimeMs, type SiteSettings } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../http/errors.ts';
import { requireAttachments } from '../attachments/attachmentService.ts';
import { requireNewsPreview } from '../iam/policy.ts';
import { clean } from './newsService.ts';

/**
 * Unsaved website content shown on the real site: the editor's values are kept for half an hour
 * behind a random token, and the site, opened with `?preview=<token>`, shows them in place of what
 * is published. Nothing published changes; anyone holding the link sees the preview until it expires.
 */
export class PreviewService {
  constructor(private readonly context: AppContext) {}

  site(caller: Caller, input: SiteSettings) {
    return this.keep(caller, 'site', input, [input.publicAccountQr, input.contactQr, input.heroImage]);
  }

  /** A news item as the editor has it; `id` is the saved item it stands in for, 0 for a new one. */
  async news(caller: Caller, input: NewsInput, id: number) {
    await requireNewsPreview(caller, this.context.db);
    const item = clean(input);
    return this.keep(
      caller,
      'news',
      {
        id,
        title: item.title,
        summary: item.summary,
        cover: item.cover,
        pinned: item.pinned,
        publishedAt: item.publishedAt,
        body: item.body,
      },
      [item.cover],
    );
  }

  async read(token: string): Promise<Preview> {
    const row = await this.context.db
      .selectFrom('portal_preview')
      .select(['kind', 'payload'])
      .where('token', '=', token)
      .where('expires_at', '>', this.context.now())
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'error.previewExpired');
    return { kind: row.kind, payload: JSON.parse(row.payload) } as Preview;
  }

  private async keep(caller: Caller, kind: Preview['kind'], payload: unknown, images: string[]) {
    const { db } = this.context;
    const now = this.context.now();
    await requireAttachments(db, images);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + previewLifetimeMs;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('portal_preview').where('expires_at', '<=', now).execute();
      await trx
        .insertInto('portal_preview')
        .values({ token, kind, payload: JSON.stringify(payload), created_by: caller.accountId, expires_at: expiresAt })
        .execute();
    });
    return { token, expiresAt };
  }
}
