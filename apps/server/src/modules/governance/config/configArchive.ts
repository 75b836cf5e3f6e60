import { type ConfigContentType, type ConfigItem, configContentTypes, configInput } from '@qiming/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.ts';
import type { ConfigDraft } from './configService.ts';

/**
 * A namespace's configs as a zip: each content at `group/dataId`, and `.metadata.yml` with each
 * one's type, app name, tags and description (the layout of Nacos' own export).
 */
const metadataFile = '.metadata.yml';
const maxArchiveEntries = 10_000;

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

/** The drafts an archive holds; any unreadable part refuses the whole file with the import message. */
export function readArchive(bytes: Uint8Array, namespaceId: string): ConfigDraft[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') });
  } catch {
    throw badRequest('error.import');
  }
  const names = Object.keys(files).filter((name) => name !== metadataFile);
  if (names.length === 0 || names.length > maxArchiveEntries) throw badRequest('error.import');
  const described = new Map<string, { type: ConfigContentType; appName: string; tags: string; desc: string }>();
  if (files[metadataFile]) {
    const parsed = metadataSchema.safeParse(parseYaml(strFromU8(files[metadataFile])));
    if (!parsed.success) throw badRequest('error.import');
    for (const entry of parsed.data.metadata) described.set(`${entry.group}/${entry.dataId}`, entry);
  }
  return names.map((name) => {
    const parts = name.split('/');
    if (parts.length !== 2) throw badRequest('error.import');
    const [group, dataId] = parts as [string, string];
    const meta = described.get(name);
    const draft = configInput.safeParse({
      group,
      dataId,
      type: meta?.type,
      appName: meta?.appName,
      tags: meta?.tags,
      description: meta?.desc,
      content: strFromU8(files[name] as Uint8Array),
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
