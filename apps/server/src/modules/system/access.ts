import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

export const systemAccess: ModuleDeclaration = {
  code: 'system',
  name: 'System',
  functions: [
    {
      code: 'system.public',
      name: 'Public system endpoints',
      operations: [
        {
          code: 'system:health',
          name: 'Health check',
          type: 'view',
          access: 'public',
          urls: ['GET /api/health', 'GET /api/health/ready', 'GET /api/health/live'],
        },
        {
          code: 'system:docs',
          name: 'API documentation',
          type: 'view',
          access: 'public',
          urls: [
            'GET /api/docs',
            'GET /api/docs/json',
            'GET /api/docs/yaml',
            'GET /api/docs/static/*',
            'GET /api/docs/static/index.html',
            'GET /api/docs/static/swagger-initializer.js',
          ],
        },
      ],
    },
  ],
};
