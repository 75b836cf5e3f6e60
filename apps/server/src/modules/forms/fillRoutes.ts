import { formSubmission, formVersion, lookupOption, publishedForm, regionCodePattern, submissionProblems } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { chargeAccountQuota } from '../../http/accountQuota.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { idParams } from '../../http/idList.ts';
import { SubmissionRefused } from './acceptValues.ts';
import { FormLookup } from './formLookup.ts';
import * as repo from './formRepo.ts';
import type { FormService } from './formService.ts';
import type { SubmissionService } from './submissionService.ts';

const tags = ['cloud forms'];
const submissionBody = z.object({ values: z.record(z.string(), z.unknown()) });
const lookupQuery = z.object({
  text: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** Filling in forms: the published forms, their schemas, submitting, and the pickers a form needs. */
export function fillRoutes(forms: FormService, submissions: SubmissionService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    const lookup = new FormLookup(context);

    app.get(
      '/api/admin/forms/published',
      {
        config: { operation: 'form:fill' },
        schema: { tags, summary: 'Forms with a published version, by name', response: { 200: envelopeOf(z.array(publishedForm)) } },
      },
      async () => ok(await repo.listPublished(context.db)),
    );
    app.get(
      '/api/admin/forms/:id/schema',
      {
        config: { operation: 'form:fill' },
        schema: {
          tags,
          summary: 'The latest published version; 404 while never published',
          params: idParams,
          response: { 200: envelopeOf(formVersion) },
        },
      },
      async (request) => ok(await forms.publishedSchema(request.params.id)),
    );
    app.post(
      '/api/admin/forms/:id/submissions',
      {
        config: { operation: 'form:fill' },
        schema: {
          tags,
          summary:
            'Checks values against the latest published version and what they refer to, keeps them with it and posts them on to the form url; 422 with every problem otherwise',
          params: idParams,
          body: submissionBody,
          response: { 200: envelopeOf(formSubmission), 422: envelopeOf(submissionProblems) },
        },
      },
      async (request, reply) => {
        await chargeAccountQuota(context, request.caller, 'formSubmissions');
        try {
          return ok(await submissions.submit(request.caller, request.params.id, request.body.values));
        } catch (error) {
          if (!(error instanceof SubmissionRefused)) throw error;
          // The envelope carries every problem, each already in the caller's language, for the form to show by its field.
          const problems = error.problems.map((problem) => ({ field: problem.field, message: problem.text }));
          return reply.status(422).send({ code: 422, message: problems[0]?.message ?? '', data: { problems } });
        }
      },
    );
    app.get(
      '/api/admin/forms/lookup/organs',
      {
        config: { operation: 'form:fill' },
        schema: {
          tags,
          summary: 'Organisations in the caller’s scope for filling in forms, by name',
          querystring: lookupQuery,
          response: { 200: envelopeOf(z.array(lookupOption)) },
        },
      },
      async (request) => ok(await lookup.organs(request.caller, request.query.text, request.query.limit)),
    );
    app.get(
      '/api/admin/forms/lookup/accounts',
      {
        config: { operation: 'form:fill' },
        schema: {
          tags,
          summary: 'Accounts in the caller’s scope for filling in forms, by name',
          querystring: lookupQuery,
          response: { 200: envelopeOf(z.array(lookupOption)) },
        },
      },
      async (request) => ok(await lookup.accounts(request.caller, request.query.text, request.query.limit)),
    );
    app.get(
      '/api/admin/forms/lookup/dicts/:dictCode',
      {
        config: { operation: 'form:fill' },
        schema: {
          tags,
          summary: 'Items of a dictionary a published form takes its options from',
          params: z.object({ dictCode: z.string().min(1).max(100) }),
          querystring: lookupQuery.extend({ limit: z.coerce.number().int().min(1).max(500).default(500) }),
          response: { 200: envelopeOf(z.array(lookupOption)) },
        },
      },
      async (request) => ok(await lookup.dictionaryItems(request.params.dictCode, request.query.text, request.query.limit)),
    );
    app.get(
      '/api/admin/forms/lookup/regions',
      {
        config: { operation: 'form:fill' },
        schema: {
          tags,
          summary: 'Regions in use directly under a code, or the provinces',
          querystring: z.object({ code: z.string().regex(regionCodePattern).optional() }),
          response: { 200: envelopeOf(z.array(lookupOption)) },
        },
      },
      async (request) => ok(await lookup.regions(request.query.code)),
    );
  };
}
