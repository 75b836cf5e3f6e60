import { type ConfigContentType, type ConfigItem, configContentTypes, configInput, maxConfigContentBytes } from '@qiming/shared';
import { strFromU8, strToU8, Unzip, UnzipInflate, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { type AppError, badRequest } from '../../../http/errors.ts';
import type { ConfigDraft } from './configService.ts';

/**
 * A namespace's configs as a zip: each content at `group/dataId`, and `.metadata.yml` with each
 * one's type, app name, tags and description (the layout of Nacos' own export).
 */
const metadataFile = '.metadata.yml';
const maxArchiveEntries = 5_000;

const metadataSchema = z.object({
  metadata: z
    .array(
      z.object({
        group: z.string(),
        dataId: z.string(),
        type: z.enum(configContentTypes).default('text'),
        appName: z.string().default(''),
        tags: z.string().default(''),
        desc: z.string().default(''),
      }),
    )
    .default([]),
});

export function exportArchive(configs: ConfigItem[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const config of configs) files[`${config.group}/${config.dataId}`] = strToU8(config.content);
  const metadata = configs.map((config) => ({
    group: config.group,
    dataId: config.dataId,
    type: config.type,
    appName: config.appName,
    tags: config.tags,
    desc: config.description,
  }));
  files[metadataFile] = strToU8(stringify({ metadata }));
  return zipSync(files);
}

/** Limits an archive must keep, checked on what its directory declares and again on what it really inflates to. */
export const archiveLimits = {
  entries: maxArchiveEntries,
  /** A config's content is at most 100 KiB; the metadata file lists them all, so it may be larger. */
  entryBytes: maxConfigContentBytes,
  metadataBytes: 2 * 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  /** Inflated against compressed size; text rarely passes 20:1, a zip bomb passes 1000:1. */
  ratio: 200,
} as const;

/** Compressed bytes fed to the inflater at a time: one push can inflate at most about a thousand times this. */
const pushBytes = 4 * 1024;

/** An entry name is `group/dataId` (or the metadata file); `.` or `..` as either part could step outside its folder. */
function safeEntryName(name: string): boolean {
  if (name === metadataFile) return true;
  const parts = name.split('/');
  return parts.length === 2 && parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
}

/**
 * The files of an archive, inflated one small piece at a time: an entry count, entry sizes, the total
 * and the compression ratio are checked on the declared sizes before anything is inflated, and on the
 * real output while inflating (declared sizes can lie), so a zip bomb stops at the first limit it
 * passes, having allocated no more than that.
 */
function unpack(bytes: Uint8Array): Map<string, Uint8Array> {
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
    if (entries > archiveLimits.entries) return refuse(badRequest('error.archiveTooManyEntries', { max: archiveLimits.entries }));
    if (!safeEntryName(file.name)) return refuse(badRequest('error.archiveUnsafeName', { name: file.name.slice(0, 100) }));
    const limit = file.name === metadataFile ? archiveLimits.metadataBytes : archiveLimits.entryBytes;
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
      if (total > archiveLimits.totalBytes) return refuse(badRequest('error.archiveTooLarge', { max: archiveLimits.totalBytes }));
      if (size > 64 * 1024 && size > (file.size ?? 0) * archiveLimits.ratio) return refuse(tooLarge());
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

/** The drafts an archive holds; any unreadable part refuses the whole file, and nothing is imported. */
export function readArchive(bytes: Uint8Array, namespaceId: string): ConfigDraft[] {
  const files = unpack(bytes);
  const names = [...files.keys()].filter((name) => name !== metadataFile);
  if (names.length === 0) throw badRequest('error.import');
  const described = new Map<string, { type: ConfigContentType; appName: string; tags: string; desc: string }>();
  const metadata = files.get(metadataFile);
  if (metadata) {
    const parsed = metadataSchema.safeParse(parseYaml(strFromU8(metadata)));
    if (!parsed.success) throw badRequest('error.import');
    for (const entry of parsed.data.metadata) described.set(`${entry.group}/${entry.dataId}`, entry);
  }
  return names.map((name) => {
    const [group, dataId] = name.split('/') as [string, string];
    const meta = described.get(name);
    const draft = configInput.safeParse({
      group,
      dataId,
      type: meta?.type,
      appName: meta?.appName,
      tags: meta?.tags,
      description: meta?.desc,
      content: strFromU8(files.get(name) as Uint8Array),
    });
    if (!draft.success) throw badRequest('error.import');
    return { namespaceId, ...draft.data };
  });
}

function parseYaml(text: string): unknown {
  try {
    return parse(text);
  } catch {
    throw badRequest('error.import');
  }
}
