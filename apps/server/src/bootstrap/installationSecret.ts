import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The token-signing secret, made once per installation and kept in the database so every server shares it. */
export async function installationSecret(db: Kysely<Database>): Promise<Uint8Array> {
  await db
    .insertInto('sys_setting')
    .values({ key: 'jwt.secret', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('sys_setting').select('value').where('key', '=', 'jwt.secret').executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
