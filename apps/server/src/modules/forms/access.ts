import { listOperations, type ModuleDeclaration } from '../../http/operationDeclarations.ts';

const base = '/api/admin/forms';

/**
 * Cloud forms (issue 11) as three grants: designing forms, filling them in, and reading what was
 * submitted. Each URL belongs to one operation, so a filler reaches neither the designer's list nor
 * anyone's submissions, and a reader of submissions cannot submit.
 */
export const formAccess: ModuleDeclaration = {
  code: 'forms',
  name: 'Cloud forms',
  functions: [
    {
      code: 'forms.form',
      name: 'Form designer',
      operations: [
        ...listOperations('form', base, [`GET ${base}/:id`, `GET ${base}/:id/versions`]),
        { code: 'form:publish', name: 'Publish', type: 'other', access: 'authorised', urls: [`POST ${base}/:id/publish`] },
      ],
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
          urls: [
            `GET ${base}/published`,
            `GET ${base}/:id/schema`,
            `POST ${base}/:id/submissions`,
            `GET ${base}/lookup/organs`,
            `GET ${base}/lookup/accounts`,
            `GET ${base}/lookup/dicts/:dictCode`,
            `GET ${base}/lookup/regions`,
          ],
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
          urls: [`GET ${base}/names`, `GET ${base}/:id/submissions`, `GET ${base}/:id/submissions/:submissionId`],
        },
        { code: 'submission:export', name: 'Export', type: 'export', access: 'authorised', urls: [`GET ${base}/:id/submissions/export`] },
      ],
    },
  ],
};
