import { type ModelLevel, modelLevels } from '@qiming/shared';
import type { FunctionDeclaration, UrlDeclaration } from '../../../http/operationDeclarations.ts';

export const functionModelPath = '/api/admin/function-model';
/** Each level's collection in the API: `/api/admin/function-model/apps`, `/modules`, … */
export const levelPath = (level: ModelLevel) => `${functionModelPath}/${level}s` as const;
const each = (url: (level: ModelLevel) => UrlDeclaration) => modelLevels.map(url);

export const functionModelAccess: FunctionDeclaration = {
  code: 'platform.functionModel',
  name: 'Function model',
  operations: [
    {
      code: 'functionModel:view',
      name: 'View',
      type: 'view',
      access: 'authorised',
      isDefault: true,
      urls: [`GET ${functionModelPath}/tree`],
    },
    { code: 'functionModel:add', name: 'Add', type: 'add', access: 'authorised', urls: each((level) => `POST ${levelPath(level)}`) },
    { code: 'functionModel:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: each((level) => `PUT ${levelPath(level)}/:id`) },
    {
      code: 'functionModel:delete',
      name: 'Delete',
      type: 'delete',
      access: 'authorised',
      urls: each((level) => `POST ${levelPath(level)}/delete`),
    },
    { code: 'functionModel:import', name: 'Import', type: 'other', access: 'authorised', urls: [`POST ${functionModelPath}/import`] },
    {
      code: 'functionModel:export',
      name: 'Export',
      type: 'export',
      access: 'authorised',
      urls: each((level) => `GET ${levelPath(level)}/:id/export`),
    },
  ],
};
