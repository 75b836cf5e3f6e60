// Other people's BPMN through the whole API: each .bpmn file under the given directories is imported,
// released and started once with no variables, on a fresh SQLite database (app.inject: routing, guard,
// validation, audit, engine). Per file it says released (definitions, warnings) or refused (why), whether
// each start ran to the end, and counts every 5xx answer. The files are read where they lie, never copied in.
// Run: npm run bench:bpm-corpus -- <dir> [<dir>...]   (BPM_CORPUS_VERBOSE=1 prints the warnings too)
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { createTestDatabase } from '../apps/server/test/testDatabase.ts';
import { sysadminBearer } from './support/sysadminBearer.ts';

async function bpmnFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.bpmn'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

interface Outcome {
  file: string;
  released: boolean;
  reason: string;
  definitions: string[];
  warnings: string[];
  ranToEnd: number;
  started: number;
  serverErrors: string[];
}

async function main() {
  const dirs = process.argv.slice(2).filter((arg) => arg !== '--');
  if (dirs.length === 0) throw new Error('usage: npm run bench:bpm-corpus -- <dir with .bpmn files> [...]');
  const files = (await Promise.all(dirs.map(bpmnFiles))).flat();
  const database = await createTestDatabase('sqlite');
  const config = {
    ...readConfig({ NODE_ENV: 'test' }),
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    webDistDir: undefined,
    quotaExemptUsers: ['sysadmin'],
  };
  const { app } = await buildApp({ config });
  const outcomes: Outcome[] = [];
  try {
    const headers = { ...(await sysadminBearer(app)), 'accept-language': 'en' };
    const call = async (method: 'GET' | 'POST', url: string, outcome: Outcome, payload?: object) => {
      const response = await app.inject({ method, url: `/api/admin/bpm${url}`, headers, ...(payload ? { payload } : {}) });
      const body = response.json() as { code: number; message: string; data: never };
      if (response.statusCode >= 500) outcome.serverErrors.push(`${method} ${url}: ${response.statusCode} ${body.message}`);
      return { status: response.statusCode, body };
    };
    for (const file of files) {
      const outcome: Outcome = {
        file,
        released: false,
        reason: '',
        definitions: [],
        warnings: [],
        ranToEnd: 0,
        started: 0,
        serverErrors: [],
      };
      outcomes.push(outcome);
      const xml = await readFile(file, 'utf8');
      const imported = await call('POST', '/models/import', outcome, { xml });
      if (imported.status !== 200) {
        outcome.reason = `import ${imported.status}: ${imported.body.message}`;
        continue;
      }
      const model = imported.body.data as { id: number };
      const released = await call('POST', `/models/${model.id}/release`, outcome);
      // The model is removed either way: the next file may hold a process of the same id (definitions stay).
      await call('POST', '/models/delete', outcome, { ids: [model.id] });
      if (released.status !== 200) {
        outcome.reason = `release ${released.status}: ${released.body.message}`;
        continue;
      }
      const release = released.body.data as { key: string; others?: Array<{ key: string }>; warnings?: string[] };
      outcome.released = true;
      outcome.warnings = release.warnings ?? [];
      outcome.definitions = [release.key, ...(release.others ?? []).map((other) => other.key)];
      for (const definitionKey of outcome.definitions) {
        outcome.started++;
        const started = await call('POST', '/instances', outcome, { definitionKey, businessKey: 'corpus' });
        if (started.status !== 200) {
          outcome.reason ||= `start ${definitionKey} ${started.status}: ${started.body.message}`;
          continue;
        }
        const instance = await call('GET', `/instances/${(started.body.data as { id: number }).id}`, outcome);
        const state = (instance.body.data as { state?: string } | null)?.state;
        if (state === 'completed') outcome.ranToEnd++;
        else outcome.reason ||= `${definitionKey} ${state}`;
      }
    }
  } finally {
    await app.close();
    await database.drop();
  }
  const verbose = process.env.BPM_CORPUS_VERBOSE === '1';
  for (const outcome of outcomes) {
    const verdict = outcome.released
      ? `released ${outcome.definitions.join('+')}, ran to end ${outcome.ranToEnd}/${outcome.started}`
      : 'refused';
    console.log(`${outcome.file}\n  ${verdict}${outcome.reason ? ` (${outcome.reason})` : ''}; ${outcome.warnings.length} warnings`);
    if (verbose) for (const warning of outcome.warnings) console.log(`    warning: ${warning}`);
    for (const error of outcome.serverErrors) console.log(`    5xx: ${error}`);
  }
  // Refusals by kind: code run on the server (Java delegates, scripts, method calls) and files that are no
  // runnable model (fragments, no process, no executable one) are refused by design; the rest should release.
  const code = outcomes.filter((outcome) =>
    /run code on the server|holds a script|\(bpmn:ScriptTask\)|is not allowed \(only variables/.test(outcome.reason),
  );
  const notModels = outcomes.filter((outcome) => /not readable BPMN|holds no process|holds no executable process/.test(outcome.reason));
  const released = outcomes.filter((outcome) => outcome.released).length;
  const eligible = outcomes.length - code.length - notModels.length;
  const ran = outcomes.filter((outcome) => outcome.started > 0 && outcome.ranToEnd === outcome.started).length;
  const errors = outcomes.reduce((sum, outcome) => sum + outcome.serverErrors.length, 0);
  console.log(
    `\nfiles ${outcomes.length}: released ${released}, ran to the end ${ran}, refused ${outcomes.length - released}, 5xx answers ${errors}`,
  );
  console.log(`refused for server-side code ${code.length}, not a runnable model ${notModels.length}`);
  console.log(
    `released of the ${eligible} runnable files without server-side code: ${released} (${Math.round((100 * released) / Math.max(eligible, 1))} %)`,
  );
}

await main();
