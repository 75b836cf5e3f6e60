import { passwordPolicyInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { recordChange } from '../audit/recordChange.ts';
import { readPasswordPolicy, writePasswordPolicy } from './passwordPolicyRepo.ts';

const tags = ['password policy'];

export const passwordPolicyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get('/api/admin/password-policy', { schema: { tags, summary: 'The global password policy' } }, async () =>
    ok(await readPasswordPolicy(context.db)),
  );
  app.put(
    '/api/admin/password-policy',
    { schema: { tags, summary: 'Changes the global password policy', body: passwordPolicyInput } },
    async (request) => {
      const startedAt = context.now();
      const before = await readPasswordPolicy(context.db);
      await writePasswordPolicy(context.db, request.body);
      const after = await readPasswordPolicy(context.db);
      await recordChange(context, request, { operation: 'passwordPolicy:edit', target: 'passwordPolicy', before, after, startedAt });
      return ok(after);
    },
  );
};
