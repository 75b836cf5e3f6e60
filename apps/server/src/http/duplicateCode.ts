import { isUniqueViolation } from '../db/uniqueViolation.ts';
import { badRequest } from './errors.ts';

/** Runs a write; a unique constraint it breaks answers 400 with the duplicate-code message naming `code`. */
export async function refuseDuplicate<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('error.duplicateCode', { code });
    throw error;
  }
}
