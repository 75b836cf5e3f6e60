import { type BpmForm, type BpmVariables, bpmForm, bpmKeyPattern, type Language } from '@qiming/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { idParams } from '../../http/idList.ts';
import { SubmissionRefused } from '../forms/acceptValues.ts';
import { FormService } from '../forms/formService.ts';
import * as modelRepo from './modelRepo.ts';
import type { RuntimeService } from './runtimeService.ts';
import { startForm, taskForm } from './taskForms.ts';

const tags = ['workflow'];
const base = '/api/admin/bpm';

/**
 * A start or completion refused by its form answers 422 with every problem, each in the caller's language
 * and named by its field, for the form to show where it belongs (as a cloud form's submission does).
 */
export async function withFormProblems<T>(caller: Caller, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (error) {
    if (!(error instanceof SubmissionRefused)) throw error;
    const problems = error.problems.map((problem) => ({ field: problem.field, message: problem.text }));
    return reply.status(422).send({ code: 422, message: namedProblems(error, caller.language), data: { problems } });
  }
}

/** Shown at its field a problem needs no label; an answer's own message names each field, for API clients. */
export function namedProblems(error: SubmissionRefused, language: Language): string {
  const colon = language === 'zh' || language === 'ja' ? '：' : ': ';
  const named = error.problems.map(({ params, text }) => {
    const label = params.field === undefined ? '' : String(params.field);
    return label && !text.includes(label) ? `${label}${colon}${text}` : text;
  });
  return named.join('; ');
}

/** Reads the forms of starts and tasks, guarded by the start and complete operations they serve (see access.ts). */
export class ProcessForms {
  private readonly forms: FormService;

  constructor(
    private readonly context: AppContext,
    private readonly runtime: RuntimeService,
  ) {
    this.forms = new FormService(context);
  }

  /** The newest version's start form, for whoever may start it (a participant, when it has any). */
  async ofStart(caller: Caller, key: string): Promise<BpmForm> {
    const row = await modelRepo.latestDefinition(this.context.db, key);
    if (!row) throw new AppError(404, 'error.bpmNoDefinition', { key });
    if (!(await this.runtime.mayStart(caller, row.def_key))) throw forbidden('error.bpmNotParticipant');
    return startForm(this.context.db, this.forms, modelRepo.toRunnable(row).info);
  }

  /** The task's form with the values it starts from, for whoever may read the task (others get 404). */
  async ofTask(caller: Caller, id: number): Promise<BpmForm> {
    return (await this.ofTaskWithVariables(caller, id)).form;
  }

  /** The task's form and its instance's variables (Camunda's form variables carry both). */
  async ofTaskWithVariables(caller: Caller, id: number): Promise<{ form: BpmForm; variables: BpmVariables }> {
    const task = await this.runtime.taskDetail(caller, id);
    const instance = await this.runtime.requireInstance(task.instanceId);
    const definition = await this.runtime.runnable(instance.definition_id);
    return { form: taskForm(definition.info, task), variables: task.variables };
  }
}

export function taskFormRoutes(forms: ProcessForms): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    app.get(
      `${base}/tasks/startable/:key/form`,
      {
        config: { operation: 'task:start' },
        schema: {
          tags,
          summary: 'The start form of a definition: its cloud form, its generated camunda:formData fields, or none',
          params: z.object({ key: z.string().regex(bpmKeyPattern) }),
          response: { 200: envelopeOf(bpmForm) },
        },
      },
      async (request) => ok(await forms.ofStart(request.caller, request.params.key)),
    );
    app.get(
      `${base}/tasks/:id/form`,
      {
        config: { operation: 'task:complete' },
        schema: {
          tags,
          summary: 'The form of a task with the values it starts from: cloud, generated from camunda:formData, or none',
          params: idParams,
          response: { 200: envelopeOf(bpmForm) },
        },
      },
      async (request) => ok(await forms.ofTask(request.caller, request.params.id)),
    );
  };
}
