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
        },
      ],
    },
  ],
};
