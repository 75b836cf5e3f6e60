import type { ModelLevel } from '@qiming/shared';
import type { FunctionDeclaration } from '../../../http/operationDeclarations.ts';

export const functionModelPath = '/api/admin/function-model';
/** Each level's collection in the API: `/api/admin/function-model/apps`, `/modules`, … */
export const levelPath = (level: ModelLevel) => `${functionModelPath}/${level}s` as const;

export const functionModelAccess: FunctionDeclaration = {
  code: 'platform.functionModel',
  name: 'Function model',
  operations: [
    { code: 'functionModel:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
    { code: 'functionModel:add', name: 'Add', type: 'add', access: 'authorised' },
    { code: 'functionModel:edit', name: 'Edit', type: 'edit', access: 'authorised' },
    { code: 'functionModel:delete', name: 'Delete', type: 'delete', access: 'authorised' },
    { code: 'functionModel:import', name: 'Import', type: 'other', access: 'authorised' },
    { code: 'functionModel:export', name: 'Export', type: 'export', access: 'authorised' },
  ],
};
