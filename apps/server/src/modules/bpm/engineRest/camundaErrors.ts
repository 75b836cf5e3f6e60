import { formatMessage, type MessageKey, type MessageParams } from '@qiming/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';
import { SubmissionRefused } from '../../forms/acceptValues.ts';
import { namedProblems } from '../taskFormRoutes.ts';

/** A refusal with the exception type Camunda's REST API names in its error answers. */
export class CamundaError extends AppError {
  constructor(
    status: number,
    readonly type: string,
    key: MessageKey,
    params: MessageParams = {},
  ) {
    super(status, key, params);
  }
}

/** Camunda's exception type for each status the product's own refusals answer with. */
const typeByStatus: Record<number, string> = {
  400: 'InvalidRequestException',
  401: 'AuthenticationException',
  403: 'AuthorizationException',
  404: 'NotFoundException',
  409: 'OptimisticLockingException',
  422: 'InvalidRequestException',
  429: 'TooManyRequestsException',
};

/**
 * Answers under /engine-rest as Camunda's REST API does: errors as `{type, message}` (the message in the
 * caller's language), JSON as exactly `application/json` (camunda-external-task-client-js parses a body
 * only under that media type), and a 401 that names the Basic scheme.
 */
export function answerLikeCamunda(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SubmissionRefused) {
      return reply.status(error.status).send({ type: 'InvalidRequestException', message: namedProblems(error, requestLanguage(request)) });
    }
    if (!(error instanceof CamundaError)) throw error;
    const message = formatMessage(error.messageKey, requestLanguage(request), error.params);
    return reply.status(error.status).send({ type: error.type, message });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.header('content-type', 'application/json');
    if (reply.statusCode < 400) return payload;
    if (reply.statusCode === 401) reply.header('www-authenticate', 'Basic realm="default"');
    const body = JSON.parse(payload) as { type?: string; message?: string };
    if (body.type) return payload;
    return JSON.stringify({ type: typeByStatus[reply.statusCode] ?? 'ProcessEngineException', message: body.message ?? '' });
  });
}
