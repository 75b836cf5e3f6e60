import os from 'node:os';
import { AdminCommandError, generatedPassword, resetPassword, unlockAccount } from './adminCommands.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { readPasswordPolicy } from './modules/iam/passwordPolicyRepo.ts';

const usage = `Usage: npm run admin -- <command> <user>
  unlock <user>           clears the account's lock and its failed sign-ins at every address
  reset-password <user>   sets a new password: QIMING_NEW_PASSWORD if set, else the first line of
                          standard input with --stdin, else a generated one printed once
The database is the server's: DATABASE_URL, else the SQLite file in DATA_DIR (default data/).`;

/** Exit codes: 0 done, 1 refused or failed (unknown user, password policy, database), 2 wrong usage. */
function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function readFirstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

const [command, userName, ...rest] = process.argv.slice(2);
if (!command) fail(`A command is missing.\n${usage}`, 2);
if (command !== 'unlock' && command !== 'reset-password') fail(`Unknown command '${command}'.\n${usage}`, 2);
if (!userName) fail(`The user name is missing.\n${usage}`, 2);
const fromStdin = rest.includes('--stdin');
if (rest.some((option) => option !== '--stdin') || (fromStdin && command !== 'reset-password')) {
  fail(`Unknown options: ${rest.join(' ')}.\n${usage}`, 2);
}

const config = readConfig();
const handle = openDatabase(config);
const operator = { name: `machine operator ${os.userInfo().username}@${os.hostname()}`, now: Date.now() };
try {
  if (command === 'unlock') {
    await unlockAccount(handle.db, userName, operator);
    console.log(`Unlocked '${userName}' on ${handle.describe}.`);
  } else {
    const given = process.env.QIMING_NEW_PASSWORD || (fromStdin ? await readFirstLine() : undefined);
    const password = given ?? generatedPassword(await readPasswordPolicy(handle.db));
    const reset = await resetPassword(handle.db, userName, password, operator);
    console.log(`Set a new password for '${userName}' on ${handle.describe}; its sessions have ended.`);
    if (!given) console.log(`New password (shown once): ${password}`);
    console.log(
      reset.changeForced
        ? 'The next sign-in must change it.'
        : 'The password policy has no expiry, so nothing forces a change: change it after signing in.',
    );
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    error instanceof AdminCommandError
      ? reason
      : `The database could not be changed (${handle.describe}; has the server started on it once?): ${reason}`,
  );
  process.exitCode = 1;
} finally {
  await handle.db.destroy();
}
