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
import * as portalEditing from './migrations/0020_portal_editing.ts';
import * as gatewayRoutes from './migrations/0021_gateway_routes.ts';
import * as gatewayFlowRules from './migrations/0022_gateway_flow_rules.ts';
import * as gatewayDegradeRules from './migrations/0023_gateway_degrade_rules.ts';
import * as gatewayFlowBehaviors from './migrations/0024_gateway_flow_behaviors.ts';
import * as monitoringAlarms from './migrations/0025_monitoring_alarms.ts';
import * as cloudForms from './migrations/0026_cloud_forms.ts';
import * as formReferences from './migrations/0027_form_references.ts';
import * as workflow from './migrations/0028_workflow.ts';
import * as submissionOutbox from './migrations/0029_submission_outbox.ts';
import * as bpmRuntime from './migrations/0030_bpm_runtime.ts';
import * as externalTasks from './migrations/0032_external_tasks.ts';
import * as portalImagery from './migrations/0035_portal_imagery.ts';
import * as registrySweepLease from './migrations/0037_registry_sweep_lease.ts';
import * as builtinNamesInChinese from './migrations/0038_builtin_names_in_chinese.ts';
import * as namespaceGrants from './migrations/0039_namespace_grants.ts';
import * as calledInstanceLinks from './migrations/0042_called_instance_links.ts';
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
  '0020_portal_editing': portalEditing,
  '0021_gateway_routes': gatewayRoutes,
  '0022_gateway_flow_rules': gatewayFlowRules,
  '0023_gateway_degrade_rules': gatewayDegradeRules,
  '0024_gateway_flow_behaviors': gatewayFlowBehaviors,
  '0025_monitoring_alarms': monitoringAlarms,
  '0026_cloud_forms': cloudForms,
  '0027_form_references': formReferences,
  '0028_workflow': workflow,
  '0029_submission_outbox': submissionOutbox,
  '0030_bpm_runtime': bpmRuntime,
  '0032_external_tasks': externalTasks,
  '0035_portal_imagery': portalImagery,
  '0037_registry_sweep_lease': registrySweepLease,
  '0038_builtin_names_in_chinese': builtinNamesInChinese,
  '0042_called_instance_links': calledInstanceLinks,
  '0039_namespace_grants': namespaceGrants,
};

function migrator(db: Kysely<Database>, dialect: DialectName): Migrator {
  const context = migrationContext(dialect);
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [name, { up: (target: Kysely<unknown>) => migration.up(target, context) }]),
      );
    },
  };
  return new Migrator({ db, provider });
}

/** The migrations this code knows that the database has not had yet. */
export async function pendingMigrations(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  return (await migrator(db, dialect).getMigrations()).filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const { error, results } = await migrator(db, dialect).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}
