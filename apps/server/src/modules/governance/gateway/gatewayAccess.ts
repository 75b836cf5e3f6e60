import { type FunctionDeclaration, listOperations } from '../../../http/operationDeclarations.ts';

export const gatewayAccess: FunctionDeclaration = {
  code: 'governance.gateway',
  name: 'Gateway routes',
  operations: [
    {
      code: 'gateway:view',
      name: 'View',
      type: 'view',
      access: 'authorised',
      isDefault: true,
    },
    { code: 'gateway:add', name: 'Add', type: 'add', access: 'authorised' },
    { code: 'gateway:edit', name: 'Edit', type: 'edit', access: 'authorised' },
    {
      code: 'gateway:release',
      name: 'Release and cancel',
      type: 'edit',
      access: 'authorised',
    },
    { code: 'gateway:delete', name: 'Delete', type: 'delete', access: 'authorised' },
  ],
};

export const apiGroupAccess: FunctionDeclaration = {
  code: 'governance.apiGroup',
  name: 'API groups',
  operations: listOperations('gateway:group'),
};

export const flowRuleAccess: FunctionDeclaration = {
  code: 'governance.flowRule',
  name: 'Flow rules',
  operations: listOperations('gateway:rule'),
};

export const degradeRuleAccess: FunctionDeclaration = {
  code: 'governance.degradeRule',
  name: 'Degrade rules',
  operations: listOperations('gateway:degrade'),
};
