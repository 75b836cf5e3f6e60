import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** A React hello page, bundled by the same Vite and served compressed by a bare Node server. */
export async function startReactHello() {
  const dir = fs.mkdtempSync(path.join(root, 'apps/web/.bench-baseline-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>baseline</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
  );
  await build({ root: dir, logLevel: 'error', build: { outDir: path.join(dir, 'dist') }, esbuild: { jsx: 'automatic' } });
  const dist = path.join(dir, 'dist');
  const server = http.createServer((request, response) => {
    const file = path.join(dist, request.url === '/' ? 'index.html' : (request.url ?? ''));
    if (!file.startsWith(dist) || !fs.existsSync(file)) return void response.writeHead(404).end();
    const body = fs.readFileSync(file);
    const type = file.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8';
    if (/\bbr\b/.test(String(request.headers['accept-encoding'])))
      response.writeHead(200, { 'content-type': type, 'content-encoding': 'br' }).end(zlib.brotliCompressSync(body));
    else response.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
