import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const loginKeyLifetimeMs = 60_000;

/** A one-time AES-256 key for one sign-in attempt, stored so that any server instance can consume it. */
export async function issueLoginKey(db: Kysely<Database>, now: number): Promise<{ keyId: string; key: string }> {
  const keyId = randomUUID();
  const key = randomBytes(32).toString('base64');
  await db.deleteFrom('auth_login_key').where('expires_at', '<', now).execute();
  await db
    .insertInto('auth_login_key')
    .values({ id: keyId, key, expires_at: now + loginKeyLifetimeMs })
    .execute();
  return { keyId, key };
}

/** Removes the key whatever its state, so it can never serve twice; answers it only while still valid. */
export async function consumeLoginKey(db: Kysely<Database>, keyId: string, now: number): Promise<Buffer | undefined> {
  const row = await db.deleteFrom('auth_login_key').where('id', '=', keyId).returning(['key', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at < now) return undefined;
  return Buffer.from(row.key, 'base64');
}

/** Opens `base64(iv[12] || ciphertext || tag[16])` sealed with AES-256-GCM; undefined when tampered. */
export function decryptPassword(key: Buffer, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 12 + 16 + 1) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
