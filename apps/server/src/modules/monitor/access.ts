import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

/** Monitoring figures; the app root's catalogue adds the alarms that watch them to this module. */
export const monitorAccess: ModuleDeclaration = {
  code: 'monitor',
  name: 'Monitoring and alarms',
  functions: [
    {
      code: 'monitor.figures',
      name: 'Monitoring',
      operations: [
        {
          code: 'monitor:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
      ],
    },
  ],
};
