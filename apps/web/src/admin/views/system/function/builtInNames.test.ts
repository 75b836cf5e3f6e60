import { languages } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
// The server's declarations of its own app: what a role can be granted, and what the pages name.
import { qimingApp } from '../../../../../../server/src/operationCatalogue.ts';
import { i18n, resources as loaded, type Resources } from '../../../../core/i18n/i18n.ts';
import { builtInAppCode, builtInName, builtInNameKey, type NamedLevel } from './builtInNames.ts';

// Tests load every language (see i18n.ts).
const resources = loaded as Resources;

const declared: { level: NamedLevel; code: string; name: string }[] = [
  { level: 'app', code: qimingApp.appCode, name: qimingApp.appName },
  ...qimingApp.modules.flatMap((module) => [
    { level: 'module' as const, code: module.code, name: module.name },
    ...module.functions.flatMap((fn) => [
      { level: 'function' as const, code: fn.code, name: fn.name },
      ...fn.operations.map((operation) => ({ level: 'operation' as const, code: operation.code, name: operation.name })),
    ]),
  ]),
];

/** Every key under `functionNames` in one language, as `builtInNameKey` spells them. */
function catalogueKeys(language: (typeof languages)[number]): string[] {
  const { functionNames } = resources[language].translation as { functionNames: Record<string, Record<string, unknown>> };
  return Object.entries(functionNames).flatMap(([group, entries]) =>
    Object.entries(entries).flatMap(([code, value]) =>
      typeof value === 'string'
        ? [`functionNames.${group}.${code}`]
        : Object.keys(value as object).map((name) => `functionNames.${group}.${code}.${name}`),
    ),
  );
}

describe("the names of Qiming's own app in the function model", () => {
  it('are the app the server declares', () => {
    expect(qimingApp.appCode).toBe(builtInAppCode);
    expect(declared.length).toBeGreaterThan(200);
  });

  it.each(languages)('has every declared module, function and operation in %s, and no code that is not declared', (language) => {
    const missing = declared.filter(({ level, code }) => !i18n.exists(builtInNameKey(level, code), { lng: language, nsSeparator: false }));
    expect(missing.map(({ level, code }) => `${level} ${code}`)).toEqual([]);
    const stale = catalogueKeys(language).filter((key) => !declared.some(({ level, code }) => builtInNameKey(level, code) === key));
    expect(stale).toEqual([]);
  });

  it('reads as a Chinese back-office says it, and keeps the declared name for a code it does not know', () => {
    const zh = i18n.getFixedT('zh');
    expect(builtInName(zh, 'function', 'platform.dict', 'Dictionaries')).toBe('数据字典');
    expect(builtInName(zh, 'operation', 'dict:view', 'View')).toBe('查看');
    expect(builtInName(zh, 'operation', 'portal:news:publish', 'Publish and withdraw')).toBe('发布与撤回');
    expect(builtInName(zh, 'operation', 'crm:visit', 'Visit')).toBe('Visit');
  });
});
