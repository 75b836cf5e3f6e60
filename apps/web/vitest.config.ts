import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testSetup.ts'],
    testTimeout: 20_000,
    // Vitest's default (cores - 1) runs one file at a time on CI's two cores; the files share nothing.
    maxWorkers: 2,
  },
});
