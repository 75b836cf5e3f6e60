import { formatMessage, isMessageKey, type MessageParams } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requestParams } from '../../../http/accessGuard.ts';
import { badRequest } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';

/**
 * The parameters of a Nacos call, from its query and form body, checked against `schema`. A bad one
 * answers 400 naming the parameter, in the caller's language.
 */
export function nacosParams<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.infer<Schema> {
  const parsed = schema.safeParse(requestParams(request));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'params';
  const params = (issue as { params?: MessageParams } | undefined)?.params;
  const reason =
    issue && isMessageKey(issue.message)
      ? formatMessage(issue.message, requestLanguage(request), params)
      : formatMessage('validation.invalidValue', requestLanguage(request), { field });
  // Nacos's v2 answers tell a missing parameter (10000) from a bad one (20002).
  const given = requestParams(request)[field];
  throw badRequest('error.badInput', { field, reason, missing: given === undefined || given === '' ? 1 : 0 });
}
