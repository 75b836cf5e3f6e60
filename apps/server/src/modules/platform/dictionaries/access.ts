import type { FunctionDeclaration } from '../../../http/operationDeclarations.ts';

export const dictionaryAccess: FunctionDeclaration = {
  code: 'platform.dict',
  name: 'Dictionaries',
  operations: [
    {
      code: 'dict:view',
      name: 'View',
      type: 'view',
      access: 'authorised',
      isDefault: true,
      urls: [
        'GET /api/admin/dicts',
        'GET /api/admin/dicts/:id',
        'GET /api/admin/dicts/export',
        'GET /api/admin/dicts/:dictId/items',
        'GET /api/admin/dicts/:dictId/items/export',
      ],
    },
    {
      code: 'dict:add',
      name: 'Add',
      type: 'add',
      access: 'authorised',
      urls: ['POST /api/admin/dicts', 'POST /api/admin/dicts/:dictId/items'],
    },
    {
      code: 'dict:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
      urls: ['PUT /api/admin/dicts/:id', 'PUT /api/admin/dicts/:dictId/items/:id'],
    },
    {
      code: 'dict:delete',
      name: 'Delete',
      type: 'delete',
      access: 'authorised',
      urls: ['POST /api/admin/dicts/delete', 'POST /api/admin/dicts/:dictId/items/delete'],
    },
  ],
};
