import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { DialectName } from './database.ts';
import * as foundation from './migrations/0001_foundation.ts';
import * as dictionaryItemCount from './migrations/0002_dictionary_item_count.ts';
import * as portal from './migrations/0003_portal.ts';
import * as governance from './migrations/0004_governance.ts';
import * as identity from './migrations/0005_identity.ts';
import * as signInGuard from './migrations/0006_sign_in_guard.ts';
import * as healthAndReportQuota from './migrations/0008_health_and_report_quota.ts';
import * as containsSearch from './migrations/0011_contains_search.ts';
import * as regions from './migrations/0012_regions.ts';
import * as serialNumbers from './migrations/0013_serial_numbers.ts';
import * as todoTasks from './migrations/0017_todo_tasks.ts';
import * as staffContacts from './migrations/0018_staff_contacts.ts';
import * as functionModelOrder from './migrations/0019_function_model_order.ts';
import { migrationContext } from './migrations/context.ts';
import type { Database } from './schema.ts';

/** Migrations in order; a name once released never changes. */
const migrations = {
  '0001_foundation': foundation,
  '0002_dictionary_item_count': dictionaryItemCount,
  '0003_portal': portal,
  '0004_governance': governance,
  '0005_identity': identity,
  '0006_sign_in_guard': signInGuard,
  '0008_health_and_report_quota': healthAndReportQuota,
  '0011_contains_search': containsSearch,
  '0012_regions': regions,
  '0013_serial_numbers': serialNumbers,
  '0017_todo_tasks': todoTasks,
  '0018_staff_contacts': staffContacts,
  '0019_function_model_order': functionModelOrder,
};

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const context = migrationContext(dialect);
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [name, { up: (target: Kysely<unknown>) => migration.up(target, context) }]),
      );
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}
