import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, transformWithOxc } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const oneLanguage = /[/\\]packages[/\\]shared[/\\]src[/\\]i18n[/\\]messages\.ts\?language=(en|zh|es|ja)$/;

/**
 * `messages.ts?language=xx` is the shared catalogue with that one language's texts: all four are 100 KB
 * (30 KB gzipped) and a page shows one. The catalogue stays one file that the server and every
 * engineer edit; the split happens here, at build time. Without this plugin (the unit tests) the
 * import is the whole catalogue, which the web reads the same way.
 */
function sharedCatalogueByLanguage(): Plugin {
  return {
    name: 'qiming-shared-catalogue-by-language',
    enforce: 'pre',
    async load(id) {
      const match = oneLanguage.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const { code } = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const { messages } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        messages: Record<string, Record<string, string>>;
      };
      const language = match[1] as string;
      const texts = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, { [language]: text[language] }]));
      return `export const messages = ${JSON.stringify(texts)};`;
    },
  };
}

export default defineConfig({
  plugins: [
    sharedCatalogueByLanguage(),
    react(),
    // The server sends these precompressed files as they are (Lighthouse scored 38 on uncompressed bundles).
    compression({ algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'], threshold: 1024 }),
  ],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so every module they import is kept: the
        // form context that antd's popups share brought all of rc-form and its validator (about 10 KB gzip)
        // to the back-office's first load. Their modules only define things; unused ones can go.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // The entry and all it imports (React, the router, the site's layout and home page) as one
            // chunk: split by sharing, the first page came as 17 small scripts that compress worse apart.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
