import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backOfficeAreas, isBackOfficeAddress } from './backOfficeAreas.ts';

const folders = (dir: string) =>
  readdirSync(path.join(import.meta.dirname, 'admin', dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('back-office areas', () => {
  it('are exactly the view folders a menu path can name', () => {
    expect([...backOfficeAreas].sort()).toEqual([...folders('views'), ...folders('views-opt')].sort());
  });

  it('take a back-office address and leave every other one to the 404 page', () => {
    expect(isBackOfficeAddress('/system/dictionary')).toBe(true);
    expect(isBackOfficeAddress('/dashboard')).toBe(true);
    expect(isBackOfficeAddress('/optLog/errorLog')).toBe(true);
    expect(isBackOfficeAddress('/no/such/page')).toBe(false);
    expect(isBackOfficeAddress('/redirect/system/dictionary')).toBe(false);
    expect(isBackOfficeAddress('/systems')).toBe(false);
    expect(isBackOfficeAddress('/')).toBe(false);
  });
});
