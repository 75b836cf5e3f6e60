import type { ModuleDeclaration } from '../../http/operationDeclarations.ts';

/**
 * The to-do list is each person's own: every signed-in user may keep one without a grant, and the
 * service limits every read and write to the caller's account. The workflow tasks shown beside it
 * answer only to holders of task:view (the route checks), who may open them.
 */
export const todoAccess: ModuleDeclaration = {
  code: 'todo',
  name: 'To-do',
  functions: [
    {
      code: 'todo.task',
      name: 'To-do list',
      operations: [
        {
          code: 'todo:view',
          name: 'View',
          type: 'view',
          access: 'signedIn',
          isDefault: true,
        },
        {
          code: 'todo:edit',
          name: 'Edit',
          type: 'edit',
          access: 'signedIn',
        },
      ],
    },
  ],
};
