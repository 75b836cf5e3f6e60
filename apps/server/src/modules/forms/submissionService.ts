import {
  type FormSubmission,
  type FormVersion,
  formReferences,
  type Language,
  localized,
  type PageQuery,
  type SubmissionDetail,
  type SubmissionSearch,
} from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/excelExport.ts';
import { audited } from '../audit/audited.ts';
import { visibleOrgans } from '../iam/policy.ts';
import { acceptValues } from './acceptValues.ts';
import * as repo from './formRepo.ts';
import type { FormService } from './formService.ts';
import { referenceLabels } from './referenceLabels.ts';
import type { SubmissionOutbox } from './submissionOutbox.ts';
import { cellOf } from './submissionText.ts';

/**
 * Submissions: each is checked against the latest published version by the same shared code the
 * browser runs, then its references are followed, and it is kept with that version before the outbox posts it on.
 */
export class SubmissionService {
  constructor(
    private readonly context: AppContext,
    private readonly forms: FormService,
    private readonly outbox: SubmissionOutbox,
  ) {}

  async submit(caller: Caller, id: number, values: Record<string, unknown>): Promise<FormSubmission> {
    const { form, submission } = await audited(
      this.context,
      caller,
      { operation: 'form:fill', target: `form:${id}` },
      async (trx, entry) => {
        const form = await this.forms.require(id, trx);
        const version = await this.forms.publishedSchema(id, trx);
        const submissionId = await repo.insertSubmission(trx, {
          formId: id,
          version: version.version,
          values: await acceptValues(trx, caller, version.field, values),
          submittedBy: caller.accountId,
          submittedAt: this.context.now(),
          postStatus: form.url ? 'pending' : 'none',
        });
        // The submitter reads back what they just kept, whatever their scope for reading submissions.
        const submission = await repo.findSubmission(trx, id, 'all', submissionId);
        if (!submission) throw new Error(`submission ${submissionId} vanished`);
        entry.after = submission;
        return { form, submission };
      },
    );
    if (form.url) this.outbox.poke();
    return submission;
  }

  /** A page of the submissions whose submitters' organs are in the caller's scope. */
  async page(caller: Caller, formId: number, query: PageQuery<'submittedAt'> & SubmissionSearch) {
    await this.forms.require(formId);
    return repo.pageSubmissions(this.context.db, formId, await visibleOrgans(caller, this.context.db), query);
  }

  /**
   * One submission with the schema it was checked against and names for what it refers to. One whose
   * submitter is outside the caller's scope reads as absent, so its existence does not leak.
   */
  async detail(caller: Caller, formId: number, id: number): Promise<SubmissionDetail> {
    const submission = await repo.findSubmission(this.context.db, formId, await visibleOrgans(caller, this.context.db), id);
    if (!submission) throw notFound();
    const version = await this.version(formId, submission.version);
    const labels = await referenceLabels(this.context.db, formReferences(version.field, submission.values));
    return { ...submission, field: version.field, labels };
  }

  /**
   * The submissions matching the search as spreadsheet rows: one column per top-level field of the
   * latest version, labelled in the language, then who submitted and when. Only submissions whose
   * submitters' organs are in the caller's scope for exporting are rows.
   */
  async exportSheet(caller: Caller, formId: number, search: SubmissionSearch, language: Language, limit: number) {
    const form = await this.forms.require(formId);
    const latest = await this.forms.publishedSchema(formId);
    const submissions = await repo.listSubmissions(this.context.db, formId, await visibleOrgans(caller, this.context.db), search, limit);
    const versions = new Map<number, FormVersion>([[latest.version, latest]]);
    for (const submission of submissions) {
      if (!versions.has(submission.version)) versions.set(submission.version, await this.version(formId, submission.version));
    }
    const references = submissions.flatMap((submission) =>
      formReferences((versions.get(submission.version) as FormVersion).field, submission.values),
    );
    const labels = await referenceLabels(this.context.db, references);
    const fieldColumns = latest.field.fields
      .filter((field) => field.kind !== 'staticText')
      .map(
        (field): ExportColumn<FormSubmission> => ({
          header: { text: localized(field.label, language) },
          value: (row) => cellOf(field, row.values[field.key], labels, language),
        }),
      );
    const columns: ExportColumn<FormSubmission>[] = [
      ...fieldColumns,
      { header: 'form.submittedBy', value: (row) => row.submittedByName },
      { header: 'form.submittedAt', value: (row) => new Date(row.submittedAt) },
      { header: 'form.version', value: (row) => row.version, width: 10 },
    ];
    return { form, columns, rows: submissions };
  }

  private async version(formId: number, version: number): Promise<FormVersion> {
    const found = await repo.findVersion(this.context.db, formId, version);
    if (!found) throw notFound();
    return found;
  }
}
