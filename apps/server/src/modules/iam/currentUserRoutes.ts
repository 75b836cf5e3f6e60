import { currentUser, passwordPolicy } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/accessGuard.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { badRequest, unauthenticated } from '../../http/errors.ts';
import { audited } from '../audit/audited.ts';
import { findAccountById, updatePasswordHash } from './accountRepo.ts';
import { roleCodesOf } from './grantRepo.ts';
import { checkPasswordPolicy } from './passwordCheck.ts';
import { passwordExpired, readPasswordPolicy } from './passwordPolicyRepo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { requireOwnRecord } from './policy.ts';
import { sessionEnding } from './sessionEnding.ts';

const passwordChange = z
  .object({ oldPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200), confirmPassword: z.string().max(200) })
  .refine((body) => body.newPassword === body.confirmPassword, { message: 'validation.passwordMismatch', path: ['confirmPassword'] });

export const currentUserRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/admin/current/user',
    {
      config: { operation: 'auth:session' },
      schema: { tags: ['iam'], summary: 'The signed-in user', response: { 200: envelopeOf(currentUser) } },
    },
    async (request) => {
      const session = sessionOf(request);
      const account = await findAccountById(context.db, session.accountId);
      if (!account) throw unauthenticated();
      return ok({
        id: account.id,
        userName: account.user_name,
        name: account.name,
        avatar: account.avatar,
        introduction: account.introduction,
        roles: await roleCodesOf(context.db, account.id),
        menuTypeId: account.menu_type_id,
        isSuper: session.isSuper,
        passwordExpired: passwordExpired(await readPasswordPolicy(context.db), account.pwd_changed_at, context.now()),
      });
    },
  );

  app.get(
    '/api/admin/current/password-policy',
    {
      config: { operation: 'auth:session' },
      schema: { tags: ['iam'], summary: 'The password policy a new password must meet', response: { 200: envelopeOf(passwordPolicy) } },
    },
    async () => ok(await readPasswordPolicy(context.db)),
  );

  app.put(
    '/api/admin/current/password',
    {
      config: { operation: 'auth:session' },
      schema: {
        tags: ['iam'],
        summary: 'Changes the own password; other sessions of the account end',
        body: passwordChange,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const account = await findAccountById(context.db, session.accountId);
      if (!account) throw unauthenticated();
      const { oldPassword, newPassword } = request.body;
      if (!(await verifyPassword(account.password_hash, oldPassword))) throw badRequest('error.wrongOldPassword');
      const passwordHash = await hashPassword(newPassword);
      await audited(
        context,
        request.caller,
        { operation: 'auth:changePassword', target: `account:${account.id}`, changesAccess: true },
        async (trx) => {
          requireOwnRecord(request.caller, account.id);
          const reused = newPassword === oldPassword ? [{ key: 'policy.sameAsOld' as const }] : [];
          await checkPasswordPolicy(trx, request.caller.language, newPassword, reused);
          const now = context.now();
          await updatePasswordHash(trx, account.id, passwordHash, now);
          await sessionEnding().revokeOtherSessions(trx, account.id, session.sessionId, now);
        },
      );
      return ok(null);
    },
  );
};
