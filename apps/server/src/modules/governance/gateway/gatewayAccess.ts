import {
  type FunctionDeclaration,
  listOperations,
  type OperationDeclaration,
  type UrlDeclaration,
} from '../../../http/operationDeclarations.ts';

/** Sentinel's rule JSON, imported and exported. */
export const sentinelFlowPath = '/api/admin/gateway/flow-rules/sentinel';
export const sentinelGatewayFlowPath = '/api/admin/gateway/flow-rules/sentinel-gateway';
export const sentinelDegradePath = '/api/admin/gateway/degrade-rules/sentinel';

/** A Sentinel import adds rules and its export reads them: the list's add and view grants cover them. */
const withSentinel = (operations: OperationDeclaration[], imports: string[], exports: string[]) =>
  operations.map((operation) => {
    const extra = operation.type === 'add' ? imports : operation.type === 'view' ? exports : [];
    return {
      ...operation,
      urls: [...operation.urls, ...extra.map((path) => `${operation.type === 'add' ? 'POST' : 'GET'} ${path}` as UrlDeclaration)],
    };
  });

const routes = '/api/admin/gateway/routes';
/** Where the read side of SCG's actuator (`/actuator/gateway/...`) is served, for tools written for SCG. */
export const actuatorBase = '/api/admin/gateway/actuator';

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
      urls: [
        `GET ${routes}`,
        `GET ${routes}/:id`,
        `GET ${routes}/scg`,
        `POST ${routes}/test`,
        'GET /api/admin/gateway/state',
        `GET ${actuatorBase}/routes`,
        `GET ${actuatorBase}/routes/:routeId`,
        `GET ${actuatorBase}/routedefinitions`,
      ],
    },
    { code: 'gateway:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${routes}`, `POST ${routes}/scg`] },
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
  operations: withSentinel(
    listOperations('gateway:rule', '/api/admin/gateway/flow-rules', ['GET /api/admin/gateway/flow-rules/counting']),
    [sentinelFlowPath, sentinelGatewayFlowPath],
    [sentinelGatewayFlowPath],
  ),
};

export const degradeRuleAccess: FunctionDeclaration = {
  code: 'governance.degradeRule',
  name: 'Degrade rules',
  operations: withSentinel(
    listOperations('gateway:degrade', '/api/admin/gateway/degrade-rules'),
    [sentinelDegradePath],
    [sentinelDegradePath],
  ),
};
