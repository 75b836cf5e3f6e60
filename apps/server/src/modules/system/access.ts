import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

export const systemAccess: ModuleDeclaration = {
  code: 'system',
  name: 'System',
  functions: [
    {
      code: 'system.public',
      name: 'Public system endpoints',
      operations: [
        {
          code: 'system:health',
          name: 'Health check',
          type: 'view',
          access: 'public',
        },
        {
          code: 'system:docs',
          name: 'API documentation',
          type: 'view',
          access: 'public',
        },
      ],
    },
  ],
};
