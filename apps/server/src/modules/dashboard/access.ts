import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

/** Every signed-in user has a dashboard; which cards it holds is decided per card by the caller's grants. */
export const dashboardAccess: ModuleDeclaration = {
  code: 'dashboard',
  name: 'Dashboard',
  functions: [
    {
      code: 'dashboard.home',
      name: 'Dashboard',
      operations: [{ code: 'dashboard:view', name: 'View', type: 'view', access: 'signedIn', isDefault: true }],
    },
  ],
};
