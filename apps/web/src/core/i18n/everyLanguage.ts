import { loadEveryLanguage } from './i18n.ts';

// Imported by the form designer, which names each new field in all four languages at once: its chunk
// waits for every language's strings, which nothing before it loads.
await loadEveryLanguage();
