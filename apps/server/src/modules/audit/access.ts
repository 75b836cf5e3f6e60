import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

export const auditAccess: ModuleDeclaration = {
  code: 'audit',
  name: 'Audit',
  functions: [
    {
      code: 'audit.loginLog',
      name: 'Login log',
      operations: [
        { code: 'loginLog:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
        { code: 'loginLog:export', name: 'Export', type: 'export', access: 'authorised' },
      ],
    },
    {
      code: 'audit.operationLog',
      name: 'Operation log',
      operations: [
        {
          code: 'operationLog:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        {
          code: 'operationLog:export',
          name: 'Export',
          type: 'export',
          access: 'authorised',
        },
      ],
    },
    {
      code: 'audit.clientError',
      name: 'Client errors',
      operations: [
        {
          code: 'clientError:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
      ],
    },
  ],
};
