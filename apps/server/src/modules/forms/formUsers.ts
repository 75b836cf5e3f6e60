import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Names what still uses a form (a released process definition, `leave v3`), or undefined. The workflow
 * sits above forms, so forms cannot ask it directly: the app root registers the lookup at start.
 */
export type FormUserLookup = (db: Kysely<Database>, formId: number) => Promise<string | undefined>;

let lookup: FormUserLookup = async () => undefined;

export function findFormUsersWith(registered: FormUserLookup): void {
  lookup = registered;
}

/** What still uses the form, so deleting it would break a released process. */
export function formUser(db: Kysely<Database>, formId: number): Promise<string | undefined> {
  return lookup(db, formId);
}
