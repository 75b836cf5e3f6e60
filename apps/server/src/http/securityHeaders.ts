import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The hashes of the inline scripts of the built index page (its early preload of the home page's
 * content), so the CSP can allow exactly them and no other inline script.
 */
function inlineScriptHashes(webDistDir: string | undefined): string[] {
  const index = webDistDir && path.join(webDistDir, 'index.html');
  if (!index || !fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** Where AMap's JS API 2.0 loads its script, styles' data and tiles from. */
const amapOrigins = ['https://webapi.amap.com', 'https://*.amap.com'];

/**
 * Security headers on every answer (API, static files, errors, 404s). The CSP runs no inline script
 * but the index page's own, by hash, so an injected script cannot run and read the tokens the web app
 * keeps in local storage. Styles may be inline because antd writes its CSS-in-JS into style elements;
 * images may come from any HTTPS host because news bodies embed them. Nothing may frame the pages.
 */
export function registerSecurityHeaders(app: FastifyInstance, webDistDir: string | undefined): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // AMap's JS API, which the contact page loads only when the portal has set a key.
        scriptSrc: ["'self'", ...inlineScriptHashes(webDistDir), ...amapOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...amapOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The site is served over plain HTTP on loopback by default; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const headers = headersOf(setHeaders);
  // Given to Fastify's reply, they go out in its one writeHead: set on the raw response one by one,
  // they would cost a request a dozen header checks and take node:http off its fast path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers a helmet middleware sets, worked out once: none of ours depends on the request (no
 * nonce, no directive computed per request), so every answer gets the same.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet takes X-Powered-By off, which Fastify never sets.
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
