import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // argon2 hashing and real databases: give each test room, but never hang a run.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file has its own database, so files run side by side; Vitest's default (cores - 1) is one at a time on CI's two cores.
    maxWorkers: 2,
  },
});
