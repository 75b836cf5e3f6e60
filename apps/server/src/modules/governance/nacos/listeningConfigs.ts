import { governanceRules, publicNamespace } from '@qiming/shared';
import type { WatchedConfig } from '../config/listenerHub.ts';

const word = '\u0002';
const line = '\u0001';
const maxWatched = 3_000;
const md5Pattern = /^([0-9a-f]{32})?$/i;

const follows = (value: string, rules: typeof governanceRules.dataId) => rules.every((rule) => rule.test(value));

/**
 * `Listening-Configs` of a long poll: for each config `dataId`, `group`, `md5` and optionally the
 * tenant, joined by 0x02 and each ended by 0x01. Undefined when any part is malformed.
 */
export function parseListeningConfigs(text: string, tenant: string): WatchedConfig[] | undefined {
  if (!text.endsWith(line)) return undefined;
  const entries = text.slice(0, -line.length).split(line);
  if (entries.length > maxWatched) return undefined;
  const watched: WatchedConfig[] = [];
  for (const entry of entries) {
    const parts = entry.split(word);
    if (parts.length !== 3 && parts.length !== 4) return undefined;
    const [dataId, group, md5, ownTenant] = parts as [string, string, string, string | undefined];
    if (!follows(dataId, governanceRules.dataId) || !follows(group, governanceRules.groupName) || !md5Pattern.test(md5)) return undefined;
    const namespaceId = ownTenant || tenant || publicNamespace;
    const echo = ownTenant === undefined ? `${dataId}${word}${group}` : `${dataId}${word}${group}${word}${ownTenant}`;
    watched.push({ namespaceId, group, dataId, md5: md5.toLowerCase(), echo });
  }
  return watched;
}

/** The answer naming the changed configs, URL-encoded as Nacos sends it. */
export function changedConfigsAnswer(changed: WatchedConfig[]): string {
  return encodeURIComponent(changed.map((config) => `${config.echo}${line}`).join(''));
}
