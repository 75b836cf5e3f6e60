import { passwordPolicyInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { audited } from '../audit/audited.ts';
import { readPasswordPolicy, writePasswordPolicy } from './passwordPolicyRepo.ts';

const tags = ['password policy'];

export const passwordPolicyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get('/api/admin/password-policy', { schema: { tags, summary: 'The global password policy' } }, async () =>
    ok(await readPasswordPolicy(context.db)),
  );
  app.put(
    '/api/admin/password-policy',
    { schema: { tags, summary: 'Changes the global password policy', body: passwordPolicyInput } },
    async (request) =>
      ok(
        await audited(context, request.caller, { operation: 'passwordPolicy:edit', target: 'passwordPolicy' }, async (trx, entry) => {
          entry.before = await readPasswordPolicy(trx);
          await writePasswordPolicy(trx, request.body);
          entry.after = await readPasswordPolicy(trx);
          return entry.after;
        }),
      ),
  );
};
