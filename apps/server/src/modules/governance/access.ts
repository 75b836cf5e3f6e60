import type { ModuleDeclaration } from '../platform/functionModel/declarations.ts';
import { apiGroupAccess, degradeRuleAccess, flowRuleAccess, gatewayAccess } from './gateway/gatewayAccess.ts';

const namespaces = '/api/admin/namespaces';
const services = '/api/admin/registry/:namespaceId/services';
const instances = `${services}/:serviceId/instances`;
const configs = '/api/admin/configs/:namespaceId/items';

export const governanceAccess: ModuleDeclaration = {
  code: 'governance',
  name: 'Service governance',
  functions: [
    {
      code: 'governance.namespace',
      name: 'Namespaces',
      operations: [
        { code: 'namespace:view', name: 'View', type: 'view', access: 'authorised', isDefault: true, urls: [`GET ${namespaces}`] },
        // The registry and config pages choose a namespace from this list; names are not secrets.
        { code: 'namespace:choose', name: 'Choose', type: 'view', access: 'signedIn', urls: [`GET ${namespaces}/all`] },
        { code: 'namespace:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${namespaces}`] },
        { code: 'namespace:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: [`PUT ${namespaces}/:id`] },
        { code: 'namespace:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: [`POST ${namespaces}/delete`] },
      ],
    },
    {
      code: 'governance.registry',
      name: 'Service registry',
      operations: [
        {
          code: 'registry:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
          urls: [`GET ${services}`, `GET ${instances}`],
        },
        { code: 'registry:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${services}`] },
        { code: 'registry:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: [`PUT ${services}/:id`, `PUT ${instances}/:id`] },
        {
          code: 'registry:delete',
          name: 'Delete',
          type: 'delete',
          access: 'authorised',
          urls: [`POST ${services}/delete`, `POST ${instances}/delete`],
        },
      ],
    },
    {
      code: 'governance.config',
      name: 'Config centre',
      operations: [
        {
          code: 'config:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
          urls: [`GET ${configs}`, `GET ${configs}/:id`, `GET ${configs}/:id/versions`, `GET ${configs}/:id/listeners`],
        },
        {
          code: 'config:export',
          name: 'Export',
          type: 'export',
          access: 'authorised',
          urls: ['GET /api/admin/configs/:namespaceId/archive'],
        },
        {
          code: 'config:add',
          name: 'Add',
          type: 'add',
          access: 'authorised',
          urls: [`POST ${configs}`, 'POST /api/admin/configs/:namespaceId/archive', 'POST /api/admin/configs/:namespaceId/clone'],
        },
        {
          code: 'config:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
          urls: [`PUT ${configs}/:id`, `POST ${configs}/:id/rollback`],
        },
        { code: 'config:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: [`POST ${configs}/delete`] },
      ],
    },
    {
      code: 'governance.registryClient',
      name: 'Registry and config client (Nacos API)',
      operations: [
        // Nacos clients sign in here for a token; what the token may then do is the account's grants.
        {
          code: 'registry:clientLogin',
          name: 'Sign a Nacos client in',
          type: 'other',
          access: 'public',
          urls: ['POST /nacos/v1/auth/login', 'POST /nacos/v1/auth/users/login'],
        },
        {
          code: 'registry:client',
          name: 'Call the Nacos API',
          type: 'other',
          access: 'authorised',
          isDefault: true,
          urls: [
            'POST /nacos/v1/ns/instance',
            'DELETE /nacos/v1/ns/instance',
            'GET /nacos/v1/ns/instance',
            'PUT /nacos/v1/ns/instance',
            'PUT /nacos/v1/ns/instance/beat',
            'GET /nacos/v1/ns/instance/list',
            'GET /nacos/v1/ns/service/list',
            'GET /nacos/v1/ns/service',
            'GET /nacos/v1/ns/operator/metrics',
            'GET /nacos/v1/cs/configs',
            'POST /nacos/v1/cs/configs',
            'DELETE /nacos/v1/cs/configs',
            'POST /nacos/v1/cs/configs/listener',
            'GET /nacos/v1/cs/configs/batchGet',
            'POST /nacos/v1/cs/configs/batchGet',
            'GET /nacos/v1/console/namespaces',
          ],
        },
      ],
    },
    gatewayAccess,
    apiGroupAccess,
    flowRuleAccess,
    degradeRuleAccess,
  ],
};
