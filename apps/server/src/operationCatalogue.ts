import type { ModuleDeclaration } from './http/operationDeclarations.ts';
import { alarmAccess } from './modules/alarms/access.ts';
import { attachmentAccess } from './modules/attachments/attachmentAccess.ts';
import { auditAccess } from './modules/audit/access.ts';
import { authAccess } from './modules/auth/access.ts';
import { bpmAccess } from './modules/bpm/access.ts';
import { dashboardAccess } from './modules/dashboard/access.ts';
import { formAccess } from './modules/forms/access.ts';
import { governanceAccess } from './modules/governance/access.ts';
import { iamAccess } from './modules/iam/access.ts';
import { monitorAccess } from './modules/monitor/access.ts';
import { dictionaryAccess } from './modules/platform/dictionaries/access.ts';
import { builtInAppCode } from './modules/platform/functionModel/builtInApp.ts';
import { functionModelAccess } from './modules/platform/functionModel/functionModelAccess.ts';
import { menuAccess, regionAccess, serialNumberAccess, workCalendarAccess } from './modules/platform/platformAccess.ts';
import { portalAccess } from './modules/portal/access.ts';
import { systemAccess } from './modules/system/access.ts';
import { todoAccess } from './modules/todo/access.ts';

/**
 * Qiming's own app in the function model: every API route it serves, grouped as the guard sees them.
 * Assembled here at the app root, the one place that knows every module, so no module imports the others' declarations.
 */
export const qimingApp = {
  appCode: builtInAppCode,
  appName: 'Qiming',
  context: '/api',
  modules: [
    systemAccess,
    authAccess,
    iamAccess,
    {
      code: 'platform',
      name: 'Platform',
      functions: [
        dictionaryAccess,
        menuAccess,
        workCalendarAccess,
        regionAccess,
        serialNumberAccess,
        functionModelAccess,
        attachmentAccess,
      ],
    },
    auditAccess,
    portalAccess,
    governanceAccess,
    todoAccess,
    dashboardAccess,
    // Alarms are declared by their own module and shown under monitoring, whose figures they watch.
    { ...monitorAccess, functions: [...monitorAccess.functions, ...alarmAccess] },
    formAccess,
    bpmAccess,
  ] satisfies ModuleDeclaration[],
};
