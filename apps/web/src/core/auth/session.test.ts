import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client } from '../request/client.ts';
import { refreshIfDue, refreshTokens } from './session.ts';
import { readTokens, writeTokens } from './tokenStorage.ts';

describe('token refresh', () => {
  const presented: string[] = [];
  const originalAdapter = client.defaults.adapter;

  beforeEach(() => {
    localStorage.clear();
    presented.length = 0;
    let issued = 0;
    // The server's answer: a rotated pair for each refresh token presented.
    const server: AxiosAdapter = async (config) => {
      presented.push(new URLSearchParams(String(config.data)).get('refresh_token') ?? '');
      await new Promise((resolve) => setTimeout(resolve, 20));
      issued += 1;
      return {
        data: { access_token: `access-${issued}`, refresh_token: `refresh-${issued}`, expires_in: 3600 },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    };
    client.defaults.adapter = server;
    writeTokens({ accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: Date.now() + 1000 });
  });
  afterEach(() => {
    client.defaults.adapter = originalAdapter;
  });

  it('presents a refresh token once, however many callers ask at the same moment', async () => {
    await Promise.all([refreshTokens(), refreshIfDue(), refreshTokens(), refreshIfDue()]);
    expect(presented).toEqual(['refresh-0']);
    expect(readTokens()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('presents the rotated token on the next refresh', async () => {
    await refreshTokens();
    await refreshTokens();
    expect(presented).toEqual(['refresh-0', 'refresh-1']);
  });
});
