import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

export const iamAccess: ModuleDeclaration = {
  code: 'iam',
  name: 'Identity and organisation',
  functions: [
    {
      code: 'iam.organ',
      name: 'Organisations',
      operations: [
        {
          code: 'organ:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        {
          code: 'organ:add',
          name: 'Add',
          type: 'add',
          access: 'authorised',
        },
        {
          code: 'organ:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
        },
        {
          code: 'organ:delete',
          name: 'Delete',
          type: 'delete',
          access: 'authorised',
        },
      ],
    },
    {
      code: 'iam.account',
      name: 'Accounts',
      operations: [
        {
          code: 'account:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        { code: 'account:export', name: 'Export', type: 'export', access: 'authorised' },
        { code: 'account:add', name: 'Add', type: 'add', access: 'authorised' },
        {
          code: 'account:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
        },
        { code: 'account:delete', name: 'Delete', type: 'delete', access: 'authorised' },
      ],
    },
    {
      code: 'iam.role',
      name: 'Roles',
      operations: [
        {
          code: 'role:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        { code: 'role:add', name: 'Add', type: 'add', access: 'authorised' },
        { code: 'role:edit', name: 'Edit', type: 'edit', access: 'authorised' },
        { code: 'role:delete', name: 'Delete', type: 'delete', access: 'authorised' },
        {
          code: 'role:grant',
          name: 'Authorise',
          type: 'other',
          access: 'authorised',
        },
      ],
    },
    {
      code: 'iam.passwordPolicy',
      name: 'Password policy',
      operations: [
        {
          code: 'passwordPolicy:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        { code: 'passwordPolicy:edit', name: 'Edit', type: 'edit', access: 'authorised' },
      ],
    },
  ],
};
