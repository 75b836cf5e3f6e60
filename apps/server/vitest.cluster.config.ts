import { defineConfig } from 'vitest/config';

/** Several server processes on PostgreSQL and Redis: needs PG_ADMIN_URL and REDIS_URL. */
export default defineConfig({
  test: {
    include: ['test-cluster/**/*.test.ts'],
    globalSetup: ['test-cluster/buildServer.ts'],
    testTimeout: 60_000,
    hookTimeout: 150_000,
    pool: 'forks',
  },
});
