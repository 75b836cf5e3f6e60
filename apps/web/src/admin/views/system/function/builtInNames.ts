import type { ModelNode } from '@qiming/shared';
import type { TFunction } from 'i18next';

/** The code of Qiming's own app, as the server's `builtInApp.ts` declares it (a test holds the two together). */
export const builtInAppCode = 'qiming';

/** The function model's levels that have a name; a URL is shown by its path. */
export type NamedLevel = 'app' | 'module' | 'function' | 'operation';

const groups: Record<NamedLevel, string> = { app: 'apps', module: 'modules', function: 'functions', operation: 'operations' };

/** The catalogue key of a built-in entry's name: its declared code under its level's group. */
export const builtInNameKey = (level: NamedLevel, code: string): string => `functionNames.${groups[level]}.${code}`;

/**
 * A built-in entry's name in the reader's language; a code the catalogue does not know keeps the declared
 * (English) name. Operation codes hold ':', i18next's namespace separator, hence `nsSeparator: false`.
 */
export function builtInName(t: TFunction, level: NamedLevel, code: string, name: string): string {
  return t(builtInNameKey(level, code), { defaultValue: name, nsSeparator: false });
}

/** The name the function model page shows: Qiming's own entries in the reader's language, another app's as stored. */
export function modelNodeName(t: TFunction, node: ModelNode): string {
  if (!node.builtIn || node.level === 'url') return node.name;
  return builtInName(t, node.level, node.code, node.name);
}
