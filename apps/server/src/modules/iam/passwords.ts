import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// 2 is Algorithm.Argon2id, an ambient const enum that isolated modules cannot read.
const options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown user name is not told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('qiming-decoy-password');
  await verifyPassword(await decoyHash, password);
}
