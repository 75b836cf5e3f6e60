import { formatMessage } from '@qiming/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { requestLanguage } from './language.ts';

/**
 * A NUL (PostgreSQL's text cannot hold U+0000, and answers 500) or a surrogate without its pair (not
 * text at all: stored, it silently becomes U+FFFD).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is refused.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Parsed bodies are bounded by the body parsers already (16 levels); this bounds the walk itself. */
const maxDepth = 32;

/** The token endpoint speaks OAuth 2, whose errors are `{error, error_description}`, not the envelope. */
const oauthTokenPath = '/api/oauth/token';

export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/** A field's name as the answer shows it: its own unstorable characters replaced, and short. */
function shownName(path: string): string {
  return path.replace(new RegExp(unstorable.source, 'g'), '\uFFFD').slice(0, 100);
}

/**
 * The first field, as a dotted path, whose name or text the database cannot store; `undefined` when
 * every string is storable. Uploaded bytes (a Buffer) are not text. Nesting past `maxDepth` is named too.
 */
export function unstorableField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (depth >= maxDepth) return path;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return innerPath;
    const found = unstorableField(inner, innerPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Answers 400 naming the field: OAuth's error on the token endpoint (sent here, so `done` is not called), the envelope elsewhere. */
function refuseWith(request: FastifyRequest, reply: FastifyReply, field: string, done: (error?: Error) => void) {
  const params = { field: shownName(field) || 'body' };
  if (request.routeOptions.url === oauthTokenPath) {
    const description = formatMessage('validation.unstorableText', requestLanguage(request), params);
    reply.status(400).send({ error: 'invalid_request', error_description: description });
    return;
  }
  done(badRequest('validation.unstorableText', params));
}

/**
 * Text the database cannot store is refused at the edge, for every route, with 400 naming the field:
 * path parameters and query as the request arrives (before the access guard looks up a session), the
 * parsed body before validation (before the Nacos guard checks a password). Headers need no check: HTTP
 * carries no NUL in them, and a token that is not valid is the guard's 401, not a field to name. Register
 * before the access guard, whose hooks then run after these.
 */
export function registerStorableText(app: FastifyInstance): void {
  // Callback hooks: text that passes, nearly all of it, costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const field = unstorableField(request.params) ?? unstorableField(request.query);
    if (field === undefined) return done();
    refuseWith(request, reply, field, done);
  });
  app.addHook('preValidation', (request, reply, done) => {
    const field = unstorableField(request.body);
    if (field === undefined) return done();
    refuseWith(request, reply, field, done);
  });
}
