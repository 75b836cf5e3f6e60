import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { insertAccount } from '../modules/iam/accountRepo.ts';
import { defaultPasswordPolicy, writePasswordPolicy } from '../modules/iam/passwordPolicyRepo.ts';
import { hashPassword } from '../modules/iam/passwords.ts';
import { assignRole, insertRole } from '../modules/iam/roleRepo.ts';
import { qimingApp } from '../modules/platform/functionModel/catalogue.ts';
import { syncFunctionModel } from '../modules/platform/functionModel/functionModelRepo.ts';
import { backOfficeMenus, backOfficeMenuTypeName } from '../modules/platform/menus/menuCatalogue.ts';
import { ensureMenus } from '../modules/platform/menus/menuRepo.ts';
import { seedDemoData } from './demoData.ts';

export const superAdministrator = { userName: 'sysadmin', demoPassword: 'Qiming@2026' };

export interface PrepareOptions {
  production: boolean;
  adminPassword?: string;
  log: (message: string) => void;
  now: number;
}

/**
 * Brings the database to the current version at every start: migrations, the function model and the
 * built-in menus. The first start of an empty database also creates the super administrator, and,
 * outside production, the demo data.
 */
export async function prepareDatabase(db: Kysely<Database>, dialect: DialectName, options: PrepareOptions): Promise<void> {
  await migrateToLatest(db, dialect);
  await syncFunctionModel(db, qimingApp);
  const menuTypeId = await ensureMenus(db, backOfficeMenuTypeName, backOfficeMenus);
  const anyAccount = await db.selectFrom('iam_account').select('id').limit(1).executeTakeFirst();
  if (anyAccount) return;

  await writePasswordPolicy(db, defaultPasswordPolicy);
  const superRole = await insertRole(db, { roleCode: 'super_admin', roleName: 'Super administrator', roleType: 'builtin', isSuper: true });
  const password = options.production ? (options.adminPassword ?? generatedPassword()) : superAdministrator.demoPassword;
  const admin = await insertAccount(db, {
    userName: superAdministrator.userName,
    name: 'System Administrator',
    passwordHash: await hashPassword(password),
    menuTypeId,
    introduction: 'Built-in super administrator.',
    now: options.now,
  });
  await assignRole(db, admin, superRole);
  if (options.production && !options.adminPassword) {
    options.log(
      `Created the super administrator '${superAdministrator.userName}' with password ${password} (shown once: change it after signing in).`,
    );
  }
  if (!options.production) await seedDemoData(db, menuTypeId, options.now);
}

/** Meets the default policy: upper, lower, digit and special characters, 20 characters. */
function generatedPassword(): string {
  return `Qm@${randomBytes(12).toString('base64url')}9a`;
}
