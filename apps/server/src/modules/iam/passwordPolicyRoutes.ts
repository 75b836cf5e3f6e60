import { passwordPolicy, passwordPolicyInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { audited } from '../audit/audited.ts';
import { readPasswordPolicy, writePasswordPolicy } from './passwordPolicyRepo.ts';

const tags = ['password policy'];

export const passwordPolicyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/admin/password-policy',
    {
      config: { operation: 'passwordPolicy:view' },
      schema: { tags, summary: 'The global password policy', response: { 200: envelopeOf(passwordPolicy) } },
    },
    async () => ok(await readPasswordPolicy(context.db)),
  );
  app.put(
    '/api/admin/password-policy',
    {
      config: { operation: 'passwordPolicy:edit' },
      schema: {
        tags,
        summary: 'Changes the global password policy',
        body: passwordPolicyInput,
        response: { 200: envelopeOf(passwordPolicy) },
      },
    },
    async (request) =>
      ok(
        await audited(context, request.caller, { operation: 'passwordPolicy:edit', target: 'passwordPolicy' }, async (trx, entry) => {
          entry.before = await readPasswordPolicy(trx);
          await writePasswordPolicy(trx, request.body);
          const after = await readPasswordPolicy(trx);
          entry.after = after;
          return after;
        }),
      ),
  );
};
