import { type FunctionDeclaration, listOperations } from '../../platform/functionModel/declarations.ts';

const routes = '/api/admin/gateway/routes';

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
      // Testing a request reads the route table and changes nothing; the state is what gateways report.
      urls: [`GET ${routes}`, `GET ${routes}/:id`, `POST ${routes}/test`, 'GET /api/admin/gateway/state'],
    },
    { code: 'gateway:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${routes}`] },
    { code: 'gateway:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: [`PUT ${routes}/:id`] },
    {
      code: 'gateway:release',
      name: 'Release and cancel',
      type: 'edit',
      access: 'authorised',
      urls: [`POST ${routes}/:id/release`, `POST ${routes}/:id/cancel`],
    },
    { code: 'gateway:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: [`POST ${routes}/delete`] },
  ],
};

export const apiGroupAccess: FunctionDeclaration = {
  code: 'governance.apiGroup',
  name: 'API groups',
  operations: listOperations('gateway:group', '/api/admin/gateway/api-groups'),
};

export const flowRuleAccess: FunctionDeclaration = {
  code: 'governance.flowRule',
  name: 'Flow rules',
  operations: listOperations('gateway:rule', '/api/admin/gateway/flow-rules', ['GET /api/admin/gateway/flow-rules/counting']),
};

export const degradeRuleAccess: FunctionDeclaration = {
  code: 'governance.degradeRule',
  name: 'Degrade rules',
  operations: listOperations('gateway:degrade', '/api/admin/gateway/degrade-rules'),
};
