import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backOfficeAreas, hasStoredSession, isBackOfficeAddress } from './backOfficeAreas.ts';
import { clearTokens, readTokens, writeTokens } from './core/auth/tokenStorage.ts';

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

  it('see a stored session exactly when the token storage does', () => {
    clearTokens();
    expect(hasStoredSession()).toBe(false);
    writeTokens({ accessToken: 'access', refreshToken: 'refresh', expiresAt: Date.now() + 60_000 });
    expect(hasStoredSession()).toBe(readTokens() !== null);
    expect(hasStoredSession()).toBe(true);
    clearTokens();
    expect(hasStoredSession()).toBe(false);
  });
});
