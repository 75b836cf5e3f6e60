import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { registerAlarmFigures } from '../alarms/alarmWatch.ts';
import { FormService } from '../forms/formService.ts';
import { CalledStarts } from './calledStarts.ts';
import { ConfigService } from './configService.ts';
import { designRoutes } from './designRoutes.ts';
import { engineRestRoutes } from './engineRest/engineRestRoutes.ts';
import { openIncidentsByKey } from './incidents.ts';
import { ModelService } from './modelService.ts';
import { runRoutes } from './runRoutes.ts';
import { RuntimeService } from './runtimeService.ts';
import { TimerScheduler } from './timerScheduler.ts';
import { TimerStartScheduler } from './timerStarts.ts';

/** The workflow suite (issue 10): design, run and watch processes; timers fire from the database in every process. */
export const bpmRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const forms = new FormService(context);
  // Alarm rules on the workflow watch its open incidents, per definition key.
  registerAlarmFigures('workflow', (source) => openIncidentsByKey(source.db));
  const runtime = new RuntimeService(context, forms);
  const scheduler = new TimerScheduler(context, runtime, (error) => app.log.warn(error, 'bpm: a timer failed to fire'));
  for (const routes of [
    designRoutes(new ModelService(context, forms), new ConfigService(context)),
    runRoutes(runtime),
    engineRestRoutes(runtime),
  ]) {
    await app.register(routes, context);
  }
  const starts = new TimerStartScheduler(context, runtime, (error) => app.log.warn(error, 'bpm: a timer start event failed to start'));
  const calledStarts = new CalledStarts(context, runtime, (error) => app.log.warn(error, 'bpm: a lost called instance failed to start'));
  scheduler.start();
  starts.start();
  calledStarts.start();
  app.addHook('preClose', async () => {
    await scheduler.stop();
    await starts.stop();
    await calledStarts.stop();
  });
};
