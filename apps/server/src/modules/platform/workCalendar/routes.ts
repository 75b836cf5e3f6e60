import { monthQuery, solarDate, workDay, workDayMarks, workingDayAnswer } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok } from '../../../http/envelope.ts';
import { idParam } from '../../../http/idList.ts';
import { audited } from '../../audit/audited.ts';
import { OrganService } from '../../iam/organs/organService.ts';
import { addWorkingDays, isWorkingDay, markDays, markWeekends, monthView } from './workCalendar.ts';

const tags = ['work calendar'];
const organParams = z.object({ organId: idParam });

export const workCalendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  // An organ that does not exist answers 404, one outside the caller's scope 403, before any date is read or marked.
  const organs = new OrganService(context);

  app.get(
    '/api/admin/work-calendar/:organId',
    {
      config: { operation: 'calendar:view' },
      schema: {
        tags,
        summary: "A month of an organ's calendar",
        params: organParams,
        querystring: monthQuery,
        response: { 200: envelopeOf(z.array(workDay)) },
      },
    },
    async (request) => {
      await organs.requireOrgan(request.caller, request.params.organId);
      return ok(await monthView(db, request.params.organId, request.query.month));
    },
  );
  app.get(
    '/api/admin/work-calendar/:organId/working-day',
    {
      config: { operation: 'calendar:view' },
      schema: {
        tags,
        summary: 'Whether a date is a working day for the organ, and the date N working days later',
        params: organParams,
        querystring: z.object({ date: solarDate, add: z.coerce.number().int().min(-3650).max(3650).default(0) }),
        response: { 200: envelopeOf(workingDayAnswer) },
      },
    },
    async (request) => {
      const { organId } = request.params;
      await organs.requireOrgan(request.caller, organId);
      const { date: day, add } = request.query;
      return ok({
        date: day,
        isWorking: await isWorkingDay(db, organId, day),
        plus: add,
        result: await addWorkingDays(db, organId, day, add),
      });
    },
  );
  app.put(
    '/api/admin/work-calendar/:organId',
    {
      config: { operation: 'calendar:edit' },
      schema: {
        tags,
        summary: 'Marks dates as working days or holidays',
        params: organParams,
        body: workDayMarks,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { organId } = request.params;
      await audited(context, request.caller, { operation: 'calendar:edit', target: `calendar:${organId}` }, async (trx, entry) => {
        await organs.requireOrgan(request.caller, organId, trx);
        await markDays(trx, organId, request.body.dates, request.body.isWorking);
        entry.after = request.body;
      });
      return ok(null);
    },
  );
  app.post(
    '/api/admin/work-calendar/:organId/weekends',
    {
      config: { operation: 'calendar:edit' },
      schema: {
        tags,
        summary: "Marks a month's Saturdays and Sundays as holidays",
        params: organParams,
        body: monthQuery,
        response: { 200: envelopeOf(z.array(z.string())) },
      },
    },
    async (request) => {
      const { organId } = request.params;
      const marked = await audited(
        context,
        request.caller,
        { operation: 'calendar:edit', target: `calendar:${organId}` },
        async (trx, entry) => {
          await organs.requireOrgan(request.caller, organId, trx);
          const holidays = await markWeekends(trx, organId, request.body.month);
          entry.after = { holidays };
          return holidays;
        },
      );
      return ok(marked);
    },
  );
};
