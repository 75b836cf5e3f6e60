import type { ModuleDeclaration } from '../platform/functionModel/declarations.ts';

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
          ],
        },
      ],
    },
  ],
};
