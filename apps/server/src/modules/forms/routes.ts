import { deletion, form, formInput, formSortable, formVersion, pageQuerySchema, usePatternEngine } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { idListBody, idParams } from '../../http/idList.ts';
import { linearPatterns } from '../../text/linearPatterns.ts';
import { fillRoutes } from './fillRoutes.ts';
import * as repo from './formRepo.ts';
import { FormService } from './formService.ts';
import { SubmissionOutbox } from './submissionOutbox.ts';
import { submissionRoutes } from './submissionRoutes.ts';
import { SubmissionService } from './submissionService.ts';

const tags = ['cloud forms'];

/** The designer's routes: forms and their drafts, publishing, and the versions it froze. */
function designerRoutes(service: FormService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      '/api/admin/forms',
      {
        config: { operation: 'form:view' },
        schema: {
          tags,
          summary: 'A page of forms, by name',
          querystring: pageQuerySchema(formSortable).extend({ name: z.string().max(100).optional() }),
          response: { 200: envelopeOf(pageOf(form)) },
        },
      },
      async (request) => ok(await repo.pageForms(context.db, request.query)),
    );
    app.get(
      '/api/admin/forms/:id',
      {
        config: { operation: 'form:view' },
        schema: { tags, summary: 'One form with its draft schema', params: idParams, response: { 200: envelopeOf(form) } },
      },
      async (request) => ok(await service.require(request.params.id)),
    );
    app.post(
      '/api/admin/forms',
      {
        config: { operation: 'form:add' },
        schema: { tags, summary: 'Creates a form', body: formInput, response: { 200: envelopeOf(form) } },
      },
      async (request) => ok(await service.create(request.caller, request.body)),
    );
    app.put(
      '/api/admin/forms/:id',
      {
        config: { operation: 'form:edit' },
        schema: {
          tags,
          summary: 'Changes a form and its draft schema',
          params: idParams,
          body: formInput,
          response: { 200: envelopeOf(form) },
        },
      },
      async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
    );
    app.post(
      '/api/admin/forms/delete',
      {
        config: { operation: 'form:delete' },
        schema: {
          tags,
          summary: 'Deletes forms with their versions and submissions',
          body: idListBody,
          response: { 200: envelopeOf(deletion) },
        },
      },
      async (request) => ok(await service.remove(request.caller, request.body.ids)),
    );
    app.post(
      '/api/admin/forms/:id/publish',
      {
        config: { operation: 'form:publish' },
        schema: {
          tags,
          summary: 'Freezes the current draft as the next version; refused while an option names a missing dictionary',
          params: idParams,
          response: { 200: envelopeOf(formVersion) },
        },
      },
      async (request) => ok(await service.publish(request.caller, request.params.id)),
    );
    app.get(
      '/api/admin/forms/:id/versions',
      {
        config: { operation: 'form:view' },
        schema: {
          tags,
          summary: "The form's published versions, newest first",
          params: idParams,
          response: { 200: envelopeOf(z.array(formVersion)) },
        },
      },
      async (request) => ok(await service.versions(request.params.id)),
    );
  };
}

/** Cloud forms (issue 11): designing forms, filling them in, and reading what was submitted, each its own grant. */
export const formRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  // Every check of a form in this process (saving, submitting, a workflow task's form) matches authors'
  // patterns on RE2 from here on.
  usePatternEngine(linearPatterns);
  const forms = new FormService(context);
  const outbox = new SubmissionOutbox(context, (error) => app.log.warn(error, 'forms: posting a submission on failed'));
  const submissions = new SubmissionService(context, forms, outbox);
  for (const routes of [designerRoutes(forms), fillRoutes(forms, submissions), submissionRoutes(submissions)]) {
    await app.register(routes, context);
  }
  outbox.start();
  app.addHook('preClose', () => outbox.stop());
};
