import { formatMessage, isMessageKey, type Language, type MessageKey, type MessageParams } from '@qiming/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../appError.ts';
import { DatabaseUnreachable, isConnectionFault } from '../db/connectionFault.ts';
import { isContention } from '../db/contention.ts';
import { isDiskFull } from '../db/diskFull.ts';
import { isForeignKeyViolation } from '../db/foreignKeyViolation.ts';
import { isUniqueViolation } from '../db/uniqueViolation.ts';
import { requestLanguage } from './language.ts';
import { LibraryUnavailable } from './loadOnFirstUse.ts';

// AppError sits below every kernel (the cluster throws it too); imported from here as before.
export { AppError };

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, params);
export const notFound = () => new AppError(404, 'error.notFound');
export const unauthenticated = () => new AppError(401, 'error.unauthenticated');
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(403, key);

/** OAuth 2 token-endpoint failures answer `{error, error_description}`, not the envelope. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type',
    readonly descriptionKey: MessageKey,
  ) {
    super(descriptionKey);
  }
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: { params?: MessageParams } & Record<string, unknown>;
}

function describeValidation(issue: ValidationIssue, context: string): { key: MessageKey; params: MessageParams } {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
  if (issue.message && isMessageKey(issue.message)) return { key: issue.message, params: { field, ...issue.params.params } };
  return { key: 'validation.invalidValue', params: { field } };
}

const bodyErrors: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.malformedBody',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.malformedBody',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'error.malformedBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.unsupportedMediaType',
};

/**
 * A parameter that is itself a catalogue key (an import's reason, a field's broken rule) is answered in
 * the same language, filled from the same parameters.
 */
function localizeParams(params: MessageParams, language: Language): MessageParams {
  const entries = Object.entries(params);
  return Object.fromEntries(
    entries.map(([name, value]) => {
      if (typeof value !== 'string' || !isMessageKey(value)) return [name, value];
      const rest = Object.fromEntries(entries.filter(([other]) => other !== name));
      return [name, formatMessage(value, language, localizeParams(rest, language))];
    }),
  );
}

/** Seconds a caller is asked to wait before trying again after a dependency (the database's connection, a library's load) failed. */
const retryAfterSeconds = '1';

/**
 * A read, or a write whose connection was never had, may simply be tried again; a write whose
 * connection broke under it may have committed, and the caller must hear that it should look first.
 */
function unavailableKey(error: unknown, method: string): MessageKey {
  const wroteNothing = error instanceof DatabaseUnreachable || method === 'GET' || method === 'HEAD';
  return wroteNothing ? 'error.databaseUnavailable' : 'error.databaseUnavailableWriteUnknown';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const answer = (status: number, key: MessageKey, params?: MessageParams) =>
      reply
        .status(status)
        .send({ code: status, message: formatMessage(key, language, localizeParams(params ?? {}, language)), data: null });

    if (error instanceof OAuthError) {
      return reply.status(400).send({ error: error.error, error_description: formatMessage(error.descriptionKey, language) });
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return answer(error.status, error.messageKey, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as unknown as ValidationIssue;
      const { key, params } = describeValidation(first, error.validationContext ?? 'body');
      return answer(400, key, params);
    }
    // The database's own guard against dangling references: the caller's mistake, never a server fault.
    // A removal that failed on one means the record is still in use; any other write named a missing one.
    if (isForeignKeyViolation(error)) {
      const removal = request.method === 'DELETE' || /\/delete$/.test(request.routeOptions.url ?? '');
      return removal ? answer(409, 'error.stillReferenced') : answer(422, 'error.referencedRecordMissing');
    }
    // Two writes of one key at once: both passed the check, the database's unique key let one through.
    if (isUniqueViolation(error)) return answer(409, 'error.duplicateRecord');
    // Dependency faults are answers: the database's connection failed, it was too busy, or its storage is full.
    if (isConnectionFault(error)) {
      request.log.warn({ err: error }, 'database connection failed');
      reply.header('retry-after', retryAfterSeconds);
      return answer(503, unavailableKey(error, request.method));
    }
    if (isContention(error)) {
      request.log.warn({ err: error }, 'database gave up on contention');
      reply.header('retry-after', retryAfterSeconds);
      return answer(503, 'error.databaseBusy');
    }
    if (error instanceof LibraryUnavailable) {
      request.log.error({ err: error.cause }, 'a library could not be loaded');
      reply.header('retry-after', retryAfterSeconds);
      return answer(503, 'error.libraryUnavailable');
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'database storage is full');
      return answer(507, 'error.databaseFull');
    }
    const bodyError = error.code ? bodyErrors[error.code] : undefined;
    // Every malformed or oversized body is the caller's mistake: 400, as the API contract says.
    if (bodyError) return answer(bodyError === 'error.unsupportedMediaType' ? 415 : 400, bodyError);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return answer(error.statusCode, 'error.malformedBody');
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, 'error.system');
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 404, message: formatMessage('error.routeNotFound', requestLanguage(request)), data: null });
  });
}
