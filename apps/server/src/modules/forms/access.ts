import { listOperations, type ModuleDeclaration } from '../../http/operationDeclarations.ts';

/**
 * Cloud forms (issue 11) as three grants: designing forms, filling them in, and reading what was
 * submitted. Each route names one operation, so a filler reaches neither the designer's list nor
 * anyone's submissions, and a reader of submissions cannot submit.
 */
export const formAccess: ModuleDeclaration = {
  code: 'forms',
  name: 'Cloud forms',
  functions: [
    {
      code: 'forms.form',
      name: 'Form designer',
      operations: [...listOperations('form'), { code: 'form:publish', name: 'Publish', type: 'other', access: 'authorised' }],
    },
    {
      code: 'forms.fill',
      name: 'Fill in forms',
      operations: [
        {
          code: 'form:fill',
          name: 'Fill in',
          type: 'add',
          access: 'authorised',
          isDefault: true,
          // The pickers a form needs come with filling it in, whatever else the filler may see.
        },
      ],
    },
    {
      code: 'forms.submission',
      name: 'Submissions',
      operations: [
        {
          code: 'submission:view',
          name: 'View',
          type: 'view',
          access: 'authorised',
          isDefault: true,
        },
        { code: 'submission:export', name: 'Export', type: 'export', access: 'authorised' },
      ],
    },
  ],
};
