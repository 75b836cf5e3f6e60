import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

const organs = '/api/admin/organs';
const accounts = '/api/admin/accounts';
const roles = '/api/admin/roles';

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
          urls: [
            'GET /api/admin/organ-types',
            'GET /api/admin/structures',
            `GET ${organs}/tree`,
            `GET ${organs}/:id`,
            'GET /api/admin/positions',
            'GET /api/admin/staff',
          ],
        },
        {
          code: 'organ:add',
          name: 'Add',
          type: 'add',
          access: 'authorised',
          urls: [
            'POST /api/admin/organ-types',
            'POST /api/admin/structures',
            `POST ${organs}`,
            'POST /api/admin/positions',
            'POST /api/admin/staff',
          ],
        },
        {
          code: 'organ:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
          urls: [
            'PUT /api/admin/organ-types/:id',
            'PUT /api/admin/structures/:id',
            `PUT ${organs}/:id`,
            `POST ${organs}/:id/place`,
            'PUT /api/admin/positions/:id',
            'PUT /api/admin/staff/:id',
          ],
        },
        {
          code: 'organ:delete',
          name: 'Delete',
          type: 'delete',
          access: 'authorised',
          urls: [
            'POST /api/admin/organ-types/delete',
            'POST /api/admin/structures/delete',
            `POST ${organs}/delete`,
            'POST /api/admin/positions/delete',
            'POST /api/admin/staff/delete',
          ],
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
          urls: [`GET ${accounts}`, `GET ${accounts}/:id`, `GET ${accounts}/:id/sessions`, `GET ${roles}/of-account/:id`],
        },
        { code: 'account:export', name: 'Export', type: 'export', access: 'authorised', urls: [`GET ${accounts}/export`] },
        { code: 'account:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${accounts}`] },
        {
          code: 'account:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
          urls: [
            `PUT ${accounts}/:id`,
            `POST ${accounts}/:id/lock`,
            `POST ${accounts}/:id/unlock`,
            `POST ${accounts}/:id/password`,
            `POST ${accounts}/:id/sessions/:sessionId/end`,
          ],
        },
        { code: 'account:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: [`POST ${accounts}/delete`] },
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
          urls: [`GET ${roles}`, `GET ${roles}/function-tree`, `GET ${roles}/:id/operations`, `GET ${roles}/:id/organs`],
        },
        { code: 'role:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${roles}`] },
        { code: 'role:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: [`PUT ${roles}/:id`] },
        { code: 'role:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: [`POST ${roles}/delete`] },
        {
          code: 'role:grant',
          name: 'Authorise',
          type: 'other',
          access: 'authorised',
          urls: [
            `PUT ${roles}/:id/operations`,
            `PUT ${roles}/:id/organs`,
            `POST ${roles}/operations/batch`,
            `POST ${roles}/organs/batch`,
            `POST ${roles}/authorise`,
          ],
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
          urls: ['GET /api/admin/password-policy'],
        },
        { code: 'passwordPolicy:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: ['PUT /api/admin/password-policy'] },
      ],
    },
  ],
};
