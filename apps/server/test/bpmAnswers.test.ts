// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmCalls, bpmnOf, flow, userTask } from './bpmModels.ts';
import { createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** What a start or a completion answers is the instance as it was saved: the same as reading it afterwards. */
describe(`workflow command answers (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const { data, release, start, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );
  const summary = (instance: Record<string, unknown>) => {
    const { variables, activities, tasks, comments, children, incidents, parentInstanceId, ...rest } = instance;
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    await release(
      'answers',
      bpmnOf('answers', [
        userTask('first', 'First', { assignee: '${initiator}' }),
        userTask('second', 'Second', { assignee: '${initiator}' }),
        flow('start', 'first'),
        flow('first', 'second'),
        flow('second', 'end'),
      ]),
    );
  });
  afterAll(async () => t.close());

  it('answers a start, each completion and the last one with the instance as monitoring then shows it', async () => {
    const started = await start(admin, 'answers');
    expect(started).toMatchObject({ state: 'running', version: 0, endedAt: null, definitionName: 'answers', definitionVersion: 1 });
    const { incident, ...answered } = started;
    expect(incident).toBeNull();
    expect(answered).toEqual(summary(await data(admin, 'GET', `/instances/${started.id}`)));

    t.clock.advance(60_000);
    const [first] = await openTasks(started.id);
    const moved = await data(admin, 'POST', `/tasks/${first.id}/complete`);
    expect(moved).toMatchObject({ state: 'running', version: 1, endedAt: null });
    expect(moved).toEqual(summary(await data(admin, 'GET', `/instances/${started.id}`)));

    t.clock.advance(60_000);
    const [second] = await openTasks(started.id);
    const ended = await data(admin, 'POST', `/tasks/${second.id}/complete`);
    expect(ended).toMatchObject({ state: 'completed', version: 2, endedAt: t.clock.now() });
    expect(ended).toEqual(summary(await data(admin, 'GET', `/instances/${started.id}`)));
  });
});
