import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The URLs of the scripts the page requests from now on, in order; the list grows as the page loads more. */
export function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  return scripts;
}

/** The scripts' count and their gzip and brotli sizes, as a server compressing them would send them. */
export async function scriptSizes(scripts: string[]) {
  let gzip = 0;
  let brotli = 0;
  for (const script of scripts) {
    const raw = Buffer.from(await (await fetch(script, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    gzip += zlib.gzipSync(raw, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(raw).length;
  }
  return { count: scripts.length, gzip, brotli };
}
