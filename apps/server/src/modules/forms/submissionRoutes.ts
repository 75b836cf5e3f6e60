import { formName, pageQuerySchema, submissionDetail, submissionSearch, submissionSummary } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { excelMediaType, sendExcel } from '../../http/excelExport.ts';
import { fileAnswer } from '../../http/fileAnswer.ts';
import { idParam, idParams } from '../../http/idList.ts';
import * as repo from './formRepo.ts';
import type { SubmissionService } from './submissionService.ts';

const tags = ['cloud forms'];

/**
 * The newest submissions an export holds. Each row carries its values and the names of what they refer to,
 * all in memory while the workbook is built, so this stays well below the other exports' 50,000; a
 * larger answer is narrowed by the search (submitter, dates).
 */
export const maxSubmissionExportRows = 10_000;

/** Names Excel keeps for itself (it compares them ignoring case). */
const reservedSheetNames = new Set(['history']);

/**
 * A worksheet name Excel and ExcelJS accept for the form's name: none of `* ? : \ / [ ]`, at most 31
 * UTF-16 units, no quote first or last, not reserved; "Submissions" when nothing usable is left.
 */
export function sheetNameOf(formName: string): string {
  let name = '';
  for (const character of formName.replace(/[*?:\\/[\]]/g, ' ')) {
    if (name.length + character.length > 31) break;
    name += character;
  }
  name = name.replace(/^[\s']+|[\s']+$/g, '');
  return name === '' || reservedSheetNames.has(name.toLowerCase()) ? 'Submissions' : name;
}

/** Reading what was submitted: by form, searched and paged, one at a time with names, and as a spreadsheet. */
export function submissionRoutes(submissions: SubmissionService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      '/api/admin/forms/names',
      {
        config: { operation: 'submission:view' },
        schema: { tags, summary: 'Id and name of the forms with a published version', response: { 200: envelopeOf(z.array(formName)) } },
      },
      async () => ok((await repo.listPublished(context.db)).map(({ id, name }) => ({ id, name }))),
    );
    app.get(
      '/api/admin/forms/:id/submissions',
      {
        config: { operation: 'submission:view' },
        schema: {
          tags,
          summary: 'A page of the form’s submissions, newest first, by submitter and time',
          params: idParams,
          querystring: pageQuerySchema(['submittedAt']).extend(submissionSearch.shape),
          response: { 200: envelopeOf(pageOf(submissionSummary)) },
        },
      },
      async (request) => ok(await submissions.page(request.caller, request.params.id, request.query)),
    );
    app.get(
      '/api/admin/forms/:id/submissions/export',
      {
        config: { operation: 'submission:export' },
        schema: {
          tags,
          summary: `The newest ${maxSubmissionExportRows} submissions matching the search as an Excel file, one column per field`,
          params: idParams,
          querystring: submissionSearch,
          response: { 200: fileAnswer(excelMediaType, `The newest ${maxSubmissionExportRows} matching submissions as an Excel workbook`) },
        },
      },
      async (request, reply) => {
        const language = request.caller.language;
        const sheet = await submissions.exportSheet(request.caller, request.params.id, request.query, language, maxSubmissionExportRows);
        return sendExcel(reply, {
          // The name goes into a header: only what needs no quoting there.
          fileName: `form-${sheet.form.id}-${sheet.form.modelName}`,
          sheet: sheetNameOf(sheet.form.name),
          language,
          columns: sheet.columns,
          rows: sheet.rows,
        });
      },
    );
    app.get(
      '/api/admin/forms/:id/submissions/:submissionId',
      {
        config: { operation: 'submission:view' },
        schema: {
          tags,
          summary: 'One submission with the schema of its version and names for what it refers to',
          params: z.object({ id: idParam, submissionId: idParam }),
          response: { 200: envelopeOf(submissionDetail) },
        },
      },
      async (request) => ok(await submissions.detail(request.caller, request.params.id, request.params.submissionId)),
    );
  };
}
