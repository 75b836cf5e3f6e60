import { type FunctionDeclaration, listOperations } from '../../http/operationDeclarations.ts';

const alarms = '/api/admin/alarms';

export const alarmAccess: FunctionDeclaration[] = [
  {
    code: 'monitor.alarmRule',
    name: 'Alarm rules',
    operations: [
      // Naming a rule's receivers needs their names, not the right to read the receivers themselves.
      ...listOperations('alarm', `${alarms}/rules`, [`GET ${alarms}/rules/receivers`]),
      { code: 'alarm:toggle', name: 'Put in use and out', type: 'edit', access: 'authorised', urls: [`POST ${alarms}/rules/:id/enabled`] },
    ],
  },
  {
    code: 'monitor.alarmReceiver',
    name: 'Alarm receivers',
    operations: [
      ...listOperations('alarmReceiver', `${alarms}/receivers`),
      // A test message goes out to the receiver's address: as much a write as editing it.
      { code: 'alarmReceiver:test', name: 'Send a test', type: 'edit', access: 'authorised', urls: [`POST ${alarms}/receivers/:id/test`] },
    ],
  },
  {
    code: 'monitor.alarmEvent',
    name: 'Alarm history',
    operations: [
      { code: 'alarmEvent:view', name: 'View', type: 'view', access: 'authorised', isDefault: true, urls: [`GET ${alarms}/events`] },
      {
        code: 'alarmEvent:acknowledge',
        name: 'Acknowledge',
        type: 'edit',
        access: 'authorised',
        urls: [`POST ${alarms}/events/:id/acknowledge`],
      },
    ],
  },
  {
    code: 'monitor.outbound',
    name: 'Outbound calls',
    operations: [
      { code: 'outbound:view', name: 'View', type: 'view', access: 'authorised', isDefault: true, urls: [`GET ${alarms}/settings`] },
      { code: 'outbound:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: [`PUT ${alarms}/settings`] },
    ],
  },
  {
    code: 'monitor.notification',
    name: 'Notifications',
    // Everyone reads and marks their own notifications; the service limits both to the caller's account.
    operations: [
      {
        code: 'notification:view',
        name: 'View',
        type: 'view',
        access: 'signedIn',
        isDefault: true,
        urls: ['GET /api/admin/notifications'],
      },
      {
        code: 'notification:read',
        name: 'Mark read',
        type: 'edit',
        access: 'signedIn',
        urls: ['POST /api/admin/notifications/read', 'POST /api/admin/notifications/read-all'],
      },
    ],
  },
];
