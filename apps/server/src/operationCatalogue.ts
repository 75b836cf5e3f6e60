import { attachmentAccess } from '../../attachments/attachmentAccess.ts';
import { auditAccess } from '../../audit/access.ts';
import { authAccess } from '../../auth/access.ts';
import { bpmAccess } from '../../bpm/access.ts';
import { dashboardAccess } from '../../dashboard/access.ts';
import { formAccess } from '../../forms/access.ts';
import { governanceAccess } from '../../governance/access.ts';
import { iamAccess } from '../../iam/access.ts';
import { monitorAccess } from '../../monitor/access.ts';
import { portalAccess } from '../../portal/access.ts';
import { systemAccess } from '../../system/access.ts';
import { todoAccess } from '../../todo/access.ts';
import { dictionaryAccess } from '../dictionaries/access.ts';
import { menuAccess, regionAccess, serialNumberAccess, workCalendarAccess } from '../platformAccess.ts';
import type { ModuleDeclaration } from './declarations.ts';
import { functionModelAccess } from './functionModelAccess.ts';

/** Qiming's own app in the function model: every API route it serves, grouped as the guard sees them. */
export const qimingApp = {
  appCode: 'qiming',
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
    monitorAccess,
    formAccess,
    bpmAccess,
  ] satisfies ModuleDeclaration[],
};
