import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

export const authAccess: ModuleDeclaration = {
  code: 'auth',
  name: 'Authentication',
  functions: [
    {
      code: 'auth.signIn',
      name: 'Sign in',
      operations: [
        {
          code: 'auth:login',
          name: 'Sign in',
          type: 'other',
          access: 'public',
          urls: ['GET /api/uc/getkey/LoginGetKey.do', 'POST /api/oauth/token'],
        },
      ],
    },
    {
      code: 'auth.session',
      name: 'Own session',
      operations: [
        {
          code: 'auth:session',
          name: 'Own session and profile',
          type: 'other',
          access: 'signedIn',
          urls: [
            'GET /api/j_hh_security_logout',
            'GET /api/admin/current/user',
            'GET /api/admin/current/password-policy',
            'PUT /api/admin/current/password',
            'GET /api/admin/current/menus',
            'GET /api/bsp/current/menu/:id',
            'POST /api/admin/client-errors',
            'PUT /api/admin/current/profile',
            'PUT /api/admin/current/avatar',
            'GET /api/admin/current/sessions',
            'POST /api/admin/current/sessions/:sessionId/end',
            'GET /api/admin/current/login-logs',
          ],
        },
      ],
    },
  ],
};
