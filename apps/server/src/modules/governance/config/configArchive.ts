import { type ConfigContentType, type ConfigItem, configContentTypes, configInput, maxConfigContentBytes } from '@qiming/shared';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.ts';
import { isStorableText } from '../../../http/storableText.ts';
import { unpackZip } from '../../../http/zipUpload.ts';
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

/** An entry name is `group/dataId` (or the metadata file); `.` or `..` as either part could step outside its folder. */
function safeEntryName(name: string): boolean {
  if (name === metadataFile) return true;
  const parts = name.split('/');
  return parts.length === 2 && parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
}

const unpack = (bytes: Uint8Array) =>
  unpackZip(bytes, {
    ...archiveLimits,
    acceptsName: safeEntryName,
    unsafeName: (name) => badRequest('error.archiveUnsafeName', { name }),
    entryLimit: (name) => (name === metadataFile ? archiveLimits.metadataBytes : archiveLimits.entryBytes),
  });

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
    const content = strFromU8(files.get(name) as Uint8Array);
    // An entry is text from outside like any field: what the database cannot store is named, not a 500.
    if (!isStorableText(content)) throw badRequest('validation.unstorableText', { field: name });
    const draft = configInput.safeParse({
      group,
      dataId,
      type: meta?.type,
      appName: meta?.appName,
      tags: meta?.tags,
      description: meta?.desc,
      content,
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
