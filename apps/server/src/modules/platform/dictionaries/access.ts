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
    },
    {
      code: 'dict:add',
      name: 'Add',
      type: 'add',
      access: 'authorised',
    },
    {
      code: 'dict:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
    },
    {
      code: 'dict:delete',
      name: 'Delete',
      type: 'delete',
      access: 'authorised',
    },
  ],
};
