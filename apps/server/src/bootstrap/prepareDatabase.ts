import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { holdTransactionLock } from '../db/transactionLock.ts';
import { insertAccount } from '../modules/iam/accountRepo.ts';
import { defaultPasswordPolicy, writePasswordPolicy } from '../modules/iam/passwordPolicyRepo.ts';
import { hashPassword } from '../modules/iam/passwords.ts';
import { assignRole, insertRole } from '../modules/iam/roleRepo.ts';
import { syncFunctionModel } from '../modules/platform/functionModel/functionModelRepo.ts';
import { backOfficeMenus, backOfficeMenuTypeName } from '../modules/platform/menus/menuCatalogue.ts';
import { ensureMenus } from '../modules/platform/menus/menuRepo.ts';
import { ensureRegions } from '../modules/platform/regions/regionRepo.ts';
import { wireModules } from '../moduleWiring.ts';
import { qimingApp } from '../operationCatalogue.ts';
import { seedDemoData } from './demoData.ts';

export const superAdministrator = { userName: 'sysadmin', demoPassword: 'Qiming@2026' };

export interface PrepareOptions {
  production: boolean;
  adminPassword?: string;
  log: (message: string) => void;
  now: number;
  /** The demo seeding, replaceable so that a test can make a first start fail half way. */
  seedDemo?: typeof seedDemoData;
}

const superRoleCode = 'super_admin';

/**
 * The built-in role and account carry one name each, and it is Chinese in production too: the product
 * is the back-office of a Chinese company, its staff the users (migration 0038 renames older ones).
 */
const builtInNames = { role: '超级管理员', account: '系统管理员', introduction: '内置超级管理员。' };

/**
 * Brings the database to the current version at every start: migrations, then, in one transaction,
 * the function model, the built-in menus and, on an empty database, the super administrator and
 * (outside production) the demo. The transaction means a start that fails half way leaves nothing
 * half made: the next start begins again. On PostgreSQL an advisory lock makes a second server
 * starting at the same moment wait, then find the work done.
 */
export async function prepareDatabase(db: Kysely<Database>, dialect: DialectName, options: PrepareOptions): Promise<void> {
  // Every start (the server's, the suite's seeding) passes here before any request or seeding asks
  // across layers, so the app root's wiring is done here.
  wireModules();
  await migrateToLatest(db, dialect);
  await db.transaction().execute(async (trx) => {
    await holdTransactionLock(trx, 'firstStart');
    await syncFunctionModel(trx, qimingApp);
    const menuTypeId = await ensureMenus(trx, backOfficeMenuTypeName, backOfficeMenus);
    await ensureRegions(trx);
    const anyAccount = await trx.selectFrom('iam_account').select('id').limit(1).executeTakeFirst();
    if (anyAccount) return keepSuperAdministrator(trx, options.log);
    await firstStart(trx, menuTypeId, options);
  });
}

async function firstStart(db: Kysely<Database>, menuTypeId: number, options: PrepareOptions): Promise<void> {
  await writePasswordPolicy(db, defaultPasswordPolicy);
  const superRole = await insertRole(db, { roleCode: superRoleCode, roleName: builtInNames.role, roleType: 'builtin', isSuper: true });
  const password = options.production ? (options.adminPassword ?? generatedPassword()) : superAdministrator.demoPassword;
  const admin = await insertAccount(db, {
    userName: superAdministrator.userName,
    name: builtInNames.account,
    passwordHash: await hashPassword(password),
    menuTypeId,
    introduction: builtInNames.introduction,
    now: options.now,
  });
  await assignRole(db, admin, superRole);
  if (!options.production) await (options.seedDemo ?? seedDemoData)(db, menuTypeId, options.now);
  if (options.production && !options.adminPassword) {
    options.log(
      `Created the super administrator '${superAdministrator.userName}' with password ${password} (shown once: change it after signing in).`,
    );
  }
}

/**
 * An installation always keeps a super administrator: one whose super role was lost (by an older
 * start that failed half way) gets it back on `sysadmin`, as the first start would have given it.
 */
async function keepSuperAdministrator(db: Kysely<Database>, log: (message: string) => void): Promise<void> {
  const holder = await db
    .selectFrom('iam_account_role')
    .innerJoin('iam_role', 'iam_role.id', 'iam_account_role.role_id')
    .select('iam_account_role.account_id')
    .where('iam_role.is_super', '=', 1)
    .executeTakeFirst();
  if (holder) return;
  const admin = await db.selectFrom('iam_account').select('id').where('user_name', '=', superAdministrator.userName).executeTakeFirst();
  if (!admin) {
    log(`No account holds the super administrator role and there is no '${superAdministrator.userName}' to give it to.`);
    return;
  }
  const role =
    (await db.selectFrom('iam_role').select('id').where('is_super', '=', 1).executeTakeFirst())?.id ??
    (await insertRole(db, { roleCode: superRoleCode, roleName: builtInNames.role, roleType: 'builtin', isSuper: true }));
  await assignRole(db, admin.id, role);
  log(`Gave the super administrator role back to '${superAdministrator.userName}': no account held it.`);
}

/** Meets the default policy: upper, lower, digit and special characters, 20 characters. */
function generatedPassword(): string {
  return `Qm@${randomBytes(12).toString('base64url')}9a`;
}
