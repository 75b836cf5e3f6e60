import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, resources as loaded, type Resources } from './i18n.ts';

// Tests load every language (see i18n.ts).
const resources = loaded as Resources;

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('UI strings', () => {
  const english = keyPaths(resources.en.translation).sort();

  it.each(['zh', 'es', 'ja'] as const)('%s has exactly the English keys, none empty', (language) => {
    expect(keyPaths(resources[language].translation).sort()).toEqual(english);
    for (const key of english) expect(i18n.getFixedT(language)(key), `${language}: ${key}`).not.toBe('');
  });

  it('every literal key the source asks for exists', () => {
    const root = path.resolve(__dirname, '../..');
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/(?:\bt|i18n\.t)\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1] ?? '');
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/(?:title|label|name): '([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !english.includes(key));
    expect(missing).toEqual([]);
  });
});
