import { createHash } from 'node:crypto';
import { type Attachment, attachmentUrlPattern } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audited } from '../audit/audited.ts';
import { AttachmentFiles } from './attachmentFiles.ts';
import * as repo from './attachmentRepo.ts';
import { probeImage } from './imageProbe.ts';

/** Keeps what a person would recognise of the uploaded name, and nothing a path or header could misread. */
const tidyName = (name: string) => name.replace(/[\\/\p{Cc}"]/gu, '_').slice(0, 200) || 'image';

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
        // The file is in place before its row commits, so a row never names a missing file.
        await this.files.write(repo.fileNameOf(sha256, image.contentType), bytes);
        await repo.insertOnce(
          trx,
          { sha256, fileName: tidyName(fileName), byteSize: bytes.length, ...image },
          caller.accountId,
          this.context.now(),
        );
        const stored = await repo.findBySha(trx, sha256);
        if (!stored) throw new Error(`attachment ${sha256} vanished`);
        entry.after = { url: stored.url, byteSize: stored.byteSize, width: stored.width, height: stored.height };
        return stored;
      },
    );
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
  const shas = refs.flatMap((ref) => attachmentUrlPattern.exec(ref)?.[1] ?? []);
  if ((await repo.missingShas(db, [...new Set(shas)])).length > 0) throw badRequest('error.attachmentMissing');
}
