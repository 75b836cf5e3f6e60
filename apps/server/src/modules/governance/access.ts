import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';
import { apiGroupAccess, degradeRuleAccess, flowRuleAccess, gatewayAccess } from './gateway/gatewayAccess.ts';

export const governanceAccess: ModuleDeclaration = {
  code: 'governance',
  name: 'Service governance',
  functions: [
    {
      code: 'governance.namespace',
      name: 'Namespaces',
      operations: [
        { code: 'namespace:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
        // The registry and config pages choose a namespace from this list; names are not secrets.
        { code: 'namespace:choose', name: 'Choose', type: 'view', access: 'signedIn' },
        // Nacos clients change namespaces under the same grants as the back-office.
        {
          code: 'namespace:add',
          name: 'Add',
          type: 'add',
          access: 'authorised',
        },
        {
          code: 'namespace:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
        },
        {
          code: 'namespace:delete',
          name: 'Delete',
          type: 'delete',
          access: 'authorised',
        },
        // Which roles read or write a namespace through the registry, config centre and Nacos API (Nacos's RBAC).
        {
          code: 'namespace:grant',
          name: 'Grant to roles',
          type: 'other',
          access: 'authorised',
        },
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
        },
        { code: 'registry:add', name: 'Add', type: 'add', access: 'authorised' },
        { code: 'registry:edit', name: 'Edit', type: 'edit', access: 'authorised' },
        {
          code: 'registry:delete',
          name: 'Delete',
          type: 'delete',
          access: 'authorised',
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
        },
        {
          code: 'config:export',
          name: 'Export',
          type: 'export',
          access: 'authorised',
        },
        {
          code: 'config:add',
          name: 'Add',
          type: 'add',
          access: 'authorised',
        },
        {
          code: 'config:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
        },
        { code: 'config:delete', name: 'Delete', type: 'delete', access: 'authorised' },
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
        },
        {
          code: 'registry:client',
          name: 'Call the Nacos API',
          type: 'other',
          access: 'authorised',
          isDefault: true,
        },
      ],
    },
    gatewayAccess,
    apiGroupAccess,
    flowRuleAccess,
    degradeRuleAccess,
  ],
};
