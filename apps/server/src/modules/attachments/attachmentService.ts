import { createHash } from 'node:crypto';
import { type Attachment, type AttachmentImageType, attachmentImageTypes, attachmentUrlPattern } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { audited } from '../audit/audited.ts';
import { AttachmentFiles } from './attachmentFiles.ts';
import * as repo from './attachmentRepo.ts';
import { probeImage } from './imageProbe.ts';

/**
 * Keeps what a person would recognise of the uploaded name, and nothing a path or header could misread,
 * nor direction marks that show "invoice\u202egnp.html" as "invoicelmth.png".
 */
const tidyName = (name: string) => name.replace(/[\\/\p{Cc}\p{Bidi_Control}"]/gu, '_').slice(0, 200) || 'image';

/**
 * The name a saved copy gets ends with what the bytes are, so it never opens as a page or a program;
 * it is applied again as a file is served, for names kept before uploads were named so.
 */
export function savedName(name: string, contentType: AttachmentImageType): string {
  const stem =
    tidyName(name)
      .replace(/\.[^.]*$/, '')
      .slice(0, 190) || 'image';
  return `${stem}.${attachmentImageTypes[contentType]}`;
}

/** New content one account may store in a day: plenty for editors, far from filling a disk. */
const dailyQuotaBytes = 200 * 1024 * 1024;
const dayMs = 24 * 60 * 60 * 1000;

/** Uploaded images: checked by their bytes, stored once per content, served under their hash. */
export class AttachmentService {
  readonly files: AttachmentFiles;

  constructor(private readonly context: AppContext) {
    this.files = new AttachmentFiles(context.config.dataDir);
  }

  async upload(caller: Caller, bytes: Buffer, fileName: string): Promise<Attachment> {
    return audited(
      this.context,
      caller,
      { operation: 'attachment:upload', target: `attachment:${tidyName(fileName)}` },
      async (trx, entry) => {
        const image = probeImage(bytes);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const now = this.context.now();
        // A content already stored takes no more room, whoever sends it again.
        if (!(await repo.findBySha(trx, sha256))) await this.withinQuota(trx, caller, bytes.length, now);
        // The file is in place before its row commits, so a row never names a missing file.
        await this.files.write(repo.fileNameOf(sha256, image.contentType), bytes);
        await repo.insertOnce(
          trx,
          { sha256, fileName: savedName(fileName, image.contentType), byteSize: bytes.length, ...image },
          caller.accountId,
          now,
        );
        const stored = await repo.findBySha(trx, sha256);
        if (!stored) throw new Error(`attachment ${sha256} vanished`);
        entry.after = { url: stored.url, byteSize: stored.byteSize, width: stored.width, height: stored.height };
        return stored;
      },
    );
  }

  /** Past the day's bytes, 429 with `Retry-After`: when enough of the day's uploads have left the window for this one. */
  private async withinQuota(db: Kysely<Database>, caller: Caller, bytes: number, now: number): Promise<void> {
    const uploads = await repo.uploadsSince(db, caller.accountId, now - dayMs);
    let over = uploads.reduce((sum, upload) => sum + upload.byteSize, 0) + bytes - dailyQuotaBytes;
    if (over <= 0) return;
    let freedAt = now;
    for (const upload of uploads) {
      if (over <= 0) break;
      over -= upload.byteSize;
      freedAt = upload.uploadedAt + dayMs;
    }
    const seconds = String(Math.max(1, Math.ceil((freedAt - now) / 1000)));
    throw new AppError(429, 'error.attachmentQuota', { mb: dailyQuotaBytes / 1024 / 1024 }, { 'retry-after': seconds });
  }

  /** The stored attachment a served file name stands for. */
  async require(fileName: string): Promise<Attachment> {
    const match = attachmentUrlPattern.exec(`/api/files/${fileName}`);
    const stored = match ? await repo.findBySha(this.context.db, match[1] as string) : undefined;
    if (!stored?.url.endsWith(`/${fileName}`)) throw notFound();
    return stored;
  }
}

/**
 * Refuses a record that names an uploaded image that is not stored (a typed-in or stale address).
 * Images the site ships with, and empty values, need no upload.
 */
export async function requireAttachments(db: Kysely<Database>, refs: string[]): Promise<void> {
  const uploads = [...new Set(refs.filter((ref) => attachmentUrlPattern.test(ref)))];
  if ((await repo.unservedUrls(db, uploads)).length > 0) throw badRequest('error.attachmentMissing');
}

// What other modules read of attachments (forms' checks and labels): exported by the service, so the
// repository stays this module's own.
export { uploadedBy, urlsOf } from './attachmentRepo.ts';
