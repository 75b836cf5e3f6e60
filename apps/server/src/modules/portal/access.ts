import { listOperations, type ModuleDeclaration } from '../../http/operationDeclarations.ts';
import { recordKinds } from './recordKinds.ts';

const admin = '/api/admin/portal';

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
          urls: [
            'GET /api/public/site',
            'GET /api/public/home',
            'GET /api/public/services',
            'GET /api/public/news',
            'GET /api/public/news/:id',
            'GET /api/public/customers',
            'GET /api/public/about',
            'GET /api/public/positions',
            // The token is the authority: only an editor's preview call hands one out.
            'GET /api/public/preview/:token',
          ],
        },
      ],
    },
    {
      code: 'portal.site',
      name: 'Site settings',
      operations: [
        { code: 'portal:site:view', name: 'View', type: 'view', access: 'authorised', isDefault: true, urls: [`GET ${admin}/site`] },
        {
          code: 'portal:site:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
          urls: [`PUT ${admin}/site`, `POST ${admin}/site/preview`],
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
          urls: [`GET ${admin}/news`, `GET ${admin}/news/:id`],
        },
        { code: 'portal:news:add', name: 'Add', type: 'add', access: 'authorised', urls: [`POST ${admin}/news`] },
        {
          code: 'portal:news:edit',
          name: 'Edit',
          type: 'edit',
          access: 'authorised',
          urls: [`PUT ${admin}/news/:id`, `POST ${admin}/news/preview`],
        },
        {
          code: 'portal:news:publish',
          name: 'Publish and withdraw',
          type: 'edit',
          access: 'authorised',
          urls: [`POST ${admin}/news/:id/publish`, `POST ${admin}/news/:id/withdraw`],
        },
        { code: 'portal:news:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: [`POST ${admin}/news/delete`] },
      ],
    },
    ...recordKinds.map((kind) => ({
      code: `portal.${kind.path}`,
      name: recordNames[kind.path as keyof typeof recordNames],
      operations: listOperations(`portal:${kind.path}`, `${admin}/${kind.path}`),
    })),
  ],
};
