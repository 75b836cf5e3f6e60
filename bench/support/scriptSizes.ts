import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The URLs of the scripts the page requests from now on, in order; the list grows as the page loads more. */
export function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  return scripts;
}

/**
 * The scripts' count and their gzip and brotli sizes, as a server compressing them would send them.
 * With BENCH_LIST=1 each script is printed with its gzip size, largest first: where a page's weight comes from.
 */
export async function scriptSizes(scripts: string[], label = '') {
  let gzip = 0;
  let brotli = 0;
  const each: { name: string; gzip: number }[] = [];
  for (const script of scripts) {
    const raw = Buffer.from(await (await fetch(script, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const scriptGzip = zlib.gzipSync(raw, { level: 9 }).length;
    gzip += scriptGzip;
    brotli += zlib.brotliCompressSync(raw).length;
    each.push({ name: new URL(script).pathname, gzip: scriptGzip });
  }
  if (process.env.BENCH_LIST === '1') {
    console.log(`${label}:`);
    for (const script of each.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(script.gzip).padStart(9)}  ${script.name}`);
  }
  return { count: scripts.length, gzip, brotli };
}
