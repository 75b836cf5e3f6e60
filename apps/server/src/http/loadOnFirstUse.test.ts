import { formatMessage } from '@qiming/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { LibraryUnavailable, loadOnFirstUse } from './loadOnFirstUse.ts';

/** A loader whose first load fails as a disk would, and later ones succeed. */
function failingOnce() {
  let attempts = 0;
  const library = loadOnFirstUse(async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('EIO: the disk failed');
    return 'loaded';
  });
  return { library, attempts: () => attempts };
}

describe('loadOnFirstUse', () => {
  it('loads once, on the first use, however many callers ask at the same time', async () => {
    let loads = 0;
    const library = loadOnFirstUse(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([library(), library()]);
    expect(await library()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed instead of failing for ever', async () => {
    const { library, attempts } = failingOnce();
    const failure = await library().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LibraryUnavailable);
    expect((failure as LibraryUnavailable).cause).toMatchObject({ message: 'EIO: the disk failed' });
    expect(await library()).toBe('loaded');
    expect(attempts()).toBe(2);
  });

  it('answers a request whose library failed to load with 503 and Retry-After in its language, then serves the next', async () => {
    const { library } = failingOnce();
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/export', async () => library());
    const refused = await app.inject({ method: 'GET', url: '/export', headers: { 'accept-language': 'zh' } });
    const served = await app.inject({ method: 'GET', url: '/export' });
    await app.close();

    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ code: 503, message: formatMessage('error.libraryUnavailable', 'zh'), data: null });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('loaded');
  });
});
