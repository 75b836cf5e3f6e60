import { formatMessage } from '@qiming/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';

/** Nacos's `ErrorCode` (api/model/v2/ErrorCode.java): the codes and texts v2 clients read from `{code, message}`. */
export const nacosErrorCodes = {
  parameterMissing: { code: 10000, message: 'parameter missing' },
  accessDenied: { code: 10001, message: 'access denied' },
  dataAccessError: { code: 10002, message: 'data access error' },
  parameterValidateError: { code: 20002, message: 'parameter validate error' },
  resourceNotFound: { code: 20004, message: 'resource not found' },
  resourceConflict: { code: 20005, message: 'resource conflict' },
  instanceNotFound: { code: 21003, message: 'instance not found' },
  serviceAlreadyExist: { code: 21007, message: 'service already exist' },
  serviceNotExist: { code: 21008, message: 'service not exist' },
  serviceDeleteFailure: { code: 21009, message: 'service delete failure' },
  healthyParamMiss: { code: 21010, message: 'healthy param miss' },
  illegalNamespace: { code: 22000, message: 'illegal namespace' },
  namespaceNotExist: { code: 22001, message: 'namespace not exist' },
  serverError: { code: 30000, message: 'server error' },
} as const;

export type NacosErrorCode = (typeof nacosErrorCodes)[keyof typeof nacosErrorCodes];

/**
 * A refusal in Nacos's own words: v1 answers `text` as plain text with `status`, v2 answers
 * `{code, message, data: text}` with the same status, as Nacos's two exception handlers do.
 */
export class NacosRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: NacosErrorCode,
    readonly text: string,
  ) {
    super(text);
  }
}

/** v1 routes answer a NacosRefusal as Nacos's plain text; anything else goes to the application's handler. */
export function answerV1Refusals(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (!(error instanceof NacosRefusal)) throw error;
    return reply.code(error.status).type('text/plain; charset=UTF-8').send(error.text);
  });
}

/** The Nacos code of a refusal of ours, by its status: what v2 clients branch on. */
function codeOf(error: AppError): NacosErrorCode {
  if (error.messageKey === 'error.namespaceNotFound') return nacosErrorCodes.namespaceNotExist;
  if (error.status === 401 || error.status === 403) return nacosErrorCodes.accessDenied;
  if (error.status === 404) return nacosErrorCodes.resourceNotFound;
  if (error.status === 409) return nacosErrorCodes.resourceConflict;
  if (error.status === 400 && error.params.missing === 1) return nacosErrorCodes.parameterMissing;
  if (error.status < 500) return nacosErrorCodes.parameterValidateError;
  return nacosErrorCodes.serverError;
}

/**
 * v2 routes answer every refusal as Nacos's `Result`: `{code, message, data}` with Nacos's code and
 * text, and our own explanation in the caller's language as `data`. Other failures (a lost database)
 * keep the application's answer, which has the same three fields.
 */
export function answerV2Refusals(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof NacosRefusal) {
      return reply.code(error.status).send({ code: error.errorCode.code, message: error.errorCode.message, data: error.text });
    }
    if (!(error instanceof AppError)) throw error;
    const { code, message } = codeOf(error);
    reply.headers(error.headers);
    const language = requestLanguage(request);
    return reply.code(error.status).send({ code, message, data: formatMessage(error.messageKey, language, error.params) });
  });
}

/** Nacos's `Result.success(data)`. */
export function nacosResult<T>(data: T): { code: 0; message: 'success'; data: T } {
  return { code: 0, message: 'success', data };
}
