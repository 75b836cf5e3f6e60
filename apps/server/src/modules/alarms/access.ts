import { type FunctionDeclaration, listOperations } from '../../http/operationDeclarations.ts';

export const alarmAccess: FunctionDeclaration[] = [
  {
    code: 'monitor.alarmRule',
    name: 'Alarm rules',
    operations: [
      // Naming a rule's receivers needs their names, not the right to read the receivers themselves.
      ...listOperations('alarm'),
      { code: 'alarm:toggle', name: 'Put in use and out', type: 'edit', access: 'authorised' },
    ],
  },
  {
    code: 'monitor.alarmReceiver',
    name: 'Alarm receivers',
    operations: [
      ...listOperations('alarmReceiver'),
      // A test message goes out to the receiver's address: as much a write as editing it.
      { code: 'alarmReceiver:test', name: 'Send a test', type: 'edit', access: 'authorised' },
    ],
  },
  {
    code: 'monitor.alarmEvent',
    name: 'Alarm history',
    operations: [
      { code: 'alarmEvent:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
      {
        code: 'alarmEvent:acknowledge',
        name: 'Acknowledge',
        type: 'edit',
        access: 'authorised',
      },
    ],
  },
  {
    code: 'monitor.outbound',
    name: 'Outbound calls',
    operations: [
      { code: 'outbound:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
      { code: 'outbound:edit', name: 'Edit', type: 'edit', access: 'authorised' },
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
      },
      {
        code: 'notification:read',
        name: 'Mark read',
        type: 'edit',
        access: 'signedIn',
      },
    ],
  },
];
