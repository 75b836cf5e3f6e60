import { Unzip, UnzipInflate } from 'fflate';
import { type AppError, badRequest } from './errors.ts';

/** What an uploaded archive may hold, checked on what its directory declares and again on what it really inflates to. */
export interface ZipLimits {
  entries: number;
  /** The largest entry; `entryLimit` may give some entries another. */
  entryBytes: number;
  totalBytes: number;
  /** Inflated against compressed size; text rarely passes 20:1, a zip bomb passes 1000:1. */
  ratio: number;
}

export interface ZipRules extends ZipLimits {
  /** Whether an entry's name is acceptable; a refused name answers `unsafeName`'s message. */
  acceptsName(name: string): boolean;
  unsafeName(name: string): AppError;
  entryLimit?(name: string): number;
}

/** Compressed bytes fed to the inflater at a time: one push can inflate at most about a thousand times this. */
const pushBytes = 4 * 1024;

/** The four bytes every zip (local file header or empty archive) starts with. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)
  );
}

/**
 * The files of an uploaded zip, inflated one small piece at a time: the entry count, entry sizes, the
 * total and the compression ratio are checked on the declared sizes before anything is inflated, and on
 * the real output while inflating (declared sizes can lie), so a zip bomb stops at the first limit it
 * passes, having allocated no more than that. Folders are skipped; entries keep their archive order.
 */
export function unpackZip(bytes: Uint8Array, rules: ZipRules): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let total = 0;
  let refusal: AppError | undefined;
  const refuse = (error: AppError) => {
    refusal ??= error;
  };
  const unzip = new Unzip((file) => {
    if (refusal || file.name.endsWith('/')) return;
    entries += 1;
    if (entries > rules.entries) return refuse(badRequest('error.archiveTooManyEntries', { max: rules.entries }));
    if (!rules.acceptsName(file.name)) return refuse(rules.unsafeName(file.name.slice(0, 100)));
    const limit = rules.entryLimit?.(file.name) ?? rules.entryBytes;
    const tooLarge = () => badRequest('error.archiveEntryTooLarge', { name: file.name.slice(0, 100), max: limit });
    if ((file.originalSize ?? 0) > limit) return refuse(tooLarge());
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) return refuse(badRequest('error.import'));
      size += chunk.length;
      total += chunk.length;
      if (size > limit) return refuse(tooLarge());
      if (total > rules.totalBytes) return refuse(badRequest('error.archiveTooLarge', { max: rules.totalBytes }));
      if (size > 64 * 1024 && size > (file.size ?? 0) * rules.ratio) return refuse(tooLarge());
      chunks.push(chunk);
      if (final) files.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !refusal; offset += pushBytes) {
      unzip.push(bytes.subarray(offset, offset + pushBytes), offset + pushBytes >= bytes.length);
    }
  } catch {
    refuse(badRequest('error.import'));
  }
  if (refusal) throw refusal;
  return files;
}
