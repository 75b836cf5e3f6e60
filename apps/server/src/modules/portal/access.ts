import { listOperations, type ModuleDeclaration } from '../../http/operationDeclarations.ts';
import { recordKinds } from './recordKinds.ts';

const recordNames: Record<(typeof recordKinds)[number]['path'], string> = {
  services: 'Services and cases',
  customers: 'Customers',
  about: 'About-us sections',
  jobs: 'Job openings',
};

export const portalAccess: ModuleDeclaration = {
  code: 'portal',
  name: 'Website portal',
  functions: [
    {
      code: 'portal.public',
      name: 'Public website content',
      operations: [
        {
          code: 'portal:read',
          name: 'Read the website content',
          type: 'view',
          access: 'public',
        },
      ],
    },
    {
      code: 'portal.site',
      name: 'Site settings',
      operations: [
        { code: 'portal:site:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
        {
          code: 'portal:site:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
        },
      ],
    },
    {
      code: 'portal.news',
      name: 'News',
      operations: [
        {
          code: 'portal:news:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        { code: 'portal:news:add', name: 'Add', type: 'add', access: 'authorised' },
        {
          code: 'portal:news:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
        },
        {
          code: 'portal:news:publish',
          name: 'Publish and withdraw',
          type: 'edit',
          access: 'authorised',
        },
        { code: 'portal:news:delete', name: 'Delete', type: 'delete', access: 'authorised' },
      ],
    },
    ...recordKinds.map((kind) => ({
      code: `portal.${kind.path}`,
      name: recordNames[kind.path as keyof typeof recordNames],
      operations: listOperations(`portal:${kind.path}`),
    })),
  ],
};
