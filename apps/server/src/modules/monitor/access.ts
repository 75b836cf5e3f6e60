import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';
import { alarmAccess } from '../alarms/access.ts';

const monitor = '/api/admin/monitor';

/** Monitoring figures, and the alarms that watch them. */
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
          urls: [`GET ${monitor}/targets`, `GET ${monitor}/live`, `GET ${monitor}/history`],
        },
      ],
    },
    ...alarmAccess,
  ],
};
