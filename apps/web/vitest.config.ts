import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testSetup.ts'],
    // A file's first test loads its page's modules: beside the browser suite on CI's two cores the form
    // designer's and renderer's took 26 s (35 s for the whole file alone). What a test awaits is unchanged.
    testTimeout: 60_000,
    // Vitest's default (cores - 1) runs one file at a time on CI's two cores; the files share nothing.
    maxWorkers: 2,
    // Files that share a worker share its loaded modules: antd, React and the pages load once per worker, not once per
    // file (the suite's CPU 180 -> 75 s, its time 111 -> 60 s on an idle machine). testSetup.ts starts each file from
    // a fresh page's state: storage, cookies, stores, language.
    isolate: false,
  },
});
