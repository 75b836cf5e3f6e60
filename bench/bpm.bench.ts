// The workflow engine's throughput: start -> user task -> complete, instances per second, beside a bare
// insert + update of one row per instance in the same run and on the same database (SQLite, and
// PostgreSQL when PG_ADMIN_URL reaches one). Requests go through app.inject: routing, access guard,
// validation, audit and the engine, without the network.
// Run: npm run bench:bpm   (BENCH_INSTANCES=500 a round, BENCH_ROUNDS=3). The engine alone, the ceiling of any
// workflow on it, is timed in every round right before the API, so that the ratio of each round compares two runs
// made on the same machine at the same minute (these shared machines' speed drifts by half from minute to minute);
// the ratio printed last is the median round's. On SQLite a floor runs in each round too, between the two
// (support/workflowFloor.ts): the same engine and the same rows with no guard, validation, audit or query
// builder, so that its ratio shows how near any server can come to the engine alone here, and the API's
// ratio to it what Qiming's own layers cost.
// Each figure is also given per second of this process's CPU: on a shared machine the wall-clock ratio moves
// with the neighbours' load, the CPU one much less (PostgreSQL's own CPU, in its server, is not counted).
// A profile: node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/bpm.bench.ts (one process, no server).
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { placeholder, runCompiled } from '../apps/server/src/db/compiledQuery.ts';
import { readRelease } from '../apps/server/src/modules/bpm/bpmnRelease.ts';
import { LiveEngines, runEngine } from '../apps/server/src/modules/bpm/engineRunner.ts';
import { createTestDatabase } from '../apps/server/test/testDatabase.ts';
import { median } from './support/statistics.ts';
import { sysadminBearer } from './support/sysadminBearer.ts';
import { workflowFloor } from './support/workflowFloor.ts';

const instances = Number(process.env.BENCH_INSTANCES ?? 500);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="benchDefinitions" targetNamespace="bench">
  <process id="bench" name="Bench" isExecutable="true">
    <startEvent id="start"/><sequenceFlow id="f1" sourceRef="start" targetRef="task"/>
    <userTask id="task" name="Task" camunda:assignee="\${initiator}"/><sequenceFlow id="f2" sourceRef="task" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

/** Instances per second of wall clock and per second of this process's CPU. */
interface Rate {
  wall: number;
  cpu: number;
}

/** `run` for every instance of a round, timed. */
async function timed(run: (index: number) => Promise<void>, first: number): Promise<Rate> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let index = first; index < first + instances; index++) await run(index);
  const used = process.cpuUsage(cpu);
  return { wall: instances / ((performance.now() - started) / 1000), cpu: instances / ((used.user + used.system) / 1e6) };
}

const rate = (figures: Rate) => `${figures.wall.toFixed(0).padStart(4)} instances/s (${figures.cpu.toFixed(0)} per CPU second)`;

/** The bench process as released, for the engine alone and the floor. */
const definition = { id: 1, xml, info: await readRelease(xml) };

/**
 * bpmn-engine alone on the same process: start and complete with nothing saved, no HTTP and no guard,
 * the waiting engine kept between the two as the runtime keeps it. No workflow built on this engine can
 * run faster on this machine.
 */
async function engineAlone(): Promise<(index: number) => Promise<void>> {
  const live = new LiveEngines();
  const noService = async () => {};
  const run = async (index: number) => {
    const started = await runEngine(definition, { variables: { initiator: 'bench' } }, { kind: 'resume' }, noService, live);
    started.keep(index);
    const [task] = started.waiting;
    if (!task) throw new Error('the bench process did not wait at its user task');
    const command = { kind: 'signal' as const, executionId: task.executionId, output: {} };
    const completed = await runEngine(definition, { engineState: started.engineState, instanceId: index }, command, noService, live);
    if (!completed.ended) throw new Error('the bench process did not end');
  };
  for (let warm = 0; warm < 20; warm++) await run(-1 - warm);
  return run;
}

/** The workflow through the API on a fresh database, in rounds, each beside a round of the engine alone. */
async function measure(kind: 'sqlite' | 'postgres', ceiling: (index: number) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(kind);
  const config = {
    ...readConfig({ NODE_ENV: 'test' }),
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    webDistDir: undefined,
    // The benchmark is a machine client: its starts are not held to a person's quota.
    quotaExemptUsers: ['sysadmin'],
  };
  const { app, context } = await buildApp({ config });
  try {
    const headers = await sysadminBearer(app);
    const post = async (url: string, payload: object = {}) => {
      const response = await app.inject({ method: 'POST', url: `/api/admin/bpm${url}`, headers, payload });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      return response.json().data;
    };
    const model = await post('/models', { key: 'bench', name: 'Bench', category: '', description: '', xml });
    await post(`/models/${model.id}/release`);
    // The bench's own look-up of the task to complete, built once as the API's hot reads are: building a Kysely
    // query on every run would be counted as the API's time.
    const taskOf = () => context.db.selectFrom('bpm_task').select('id').where('instance_id', '=', placeholder<number>('instanceId'));
    const run = async () => {
      const instance = await post('/instances', { definitionKey: 'bench', businessKey: 'b' });
      const [task] = await runCompiled(context.db, 'bench bpm_task of instance', taskOf, { instanceId: instance.id });
      if (!task) throw new Error(`instance ${instance.id} has no task`);
      await post(`/tasks/${task.id}/complete`);
    };
    const floor = kind === 'sqlite' ? await workflowFloor(database.dataDir, definition, 'bench') : undefined;
    for (let warm = 0; warm < 20; warm++) {
      await run();
      await floor?.run();
    }
    const ratios: Rate[] = [];
    const floorRatios: number[] = [];
    const overFloor: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const alone = await timed(ceiling, round * instances);
      const floored = floor && (await timed(() => floor.run(), 0));
      const workflow = await timed(run, 0);
      ratios.push({ wall: workflow.wall / alone.wall, cpu: workflow.cpu / alone.cpu });
      if (floored) {
        floorRatios.push(floored.wall / alone.wall);
        overFloor.push(workflow.wall / floored.wall);
      }
      console.log(
        `${kind.padEnd(8)} round ${round}: engine alone ${rate(alone)}, ` +
          (floored ? `floor ${rate(floored)}, ` : '') +
          `workflow ${rate(workflow)}: ratio ${(workflow.wall / alone.wall).toFixed(2)} (per CPU second ${(workflow.cpu / alone.cpu).toFixed(2)})` +
          (floored
            ? `, floor ${(floored.wall / alone.wall).toFixed(2)}, workflow / floor ${(workflow.wall / floored.wall).toFixed(2)}`
            : ''),
      );
    }
    await floor?.close();

    const started = performance.now();
    for (let index = 0; index < instances; index++) {
      const row = await context.db
        .insertInto('sys_setting')
        .values({ key: `bench-${index}`, value: 'started' })
        .returning('key')
        .executeTakeFirstOrThrow();
      await context.db.updateTable('sys_setting').set({ value: 'completed' }).where('key', '=', row.key).execute();
    }
    const bare = instances / ((performance.now() - started) / 1000);
    const wall = median(ratios.map((ratio) => ratio.wall));
    const perCpu = median(ratios.map((ratio) => ratio.cpu));
    console.log(`${kind.padEnd(8)} bare insert+update ${bare.toFixed(0)} rows/s`);
    console.log(
      `${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} workflow / engine alone, median of ${rounds} rounds: ${wall.toFixed(2)} (per CPU second ${perCpu.toFixed(2)})` +
        (kind === 'sqlite' ? ` (goal >= 0.8: ${wall >= 0.8 ? 'met' : 'not met'})` : ''),
    );
    if (floorRatios.length > 0) {
      console.log(
        `SQLite floor / engine alone, median: ${median(floorRatios).toFixed(2)}; workflow / floor, median: ${median(overFloor).toFixed(2)}`,
      );
    }
  } finally {
    await app.close();
    await database.drop();
  }
}

const ceiling = await engineAlone();
await measure('sqlite', ceiling);
if (process.env.PG_ADMIN_URL) await measure('postgres', ceiling);
else console.log('PostgreSQL not measured: set PG_ADMIN_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
