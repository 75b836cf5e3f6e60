import type { FunctionDeclaration } from './functionModel/declarations.ts';

export const menuAccess: FunctionDeclaration = {
  code: 'platform.menu',
  name: 'Menus',
  operations: [
    {
      code: 'menu:view',
      name: 'View',
      type: 'view',
      access: 'authorised',
      isDefault: true,
      urls: ['GET /api/admin/menu-types', 'GET /api/admin/menu-types/:typeId/menus'],
    },
    {
      code: 'menu:add',
      name: 'Add',
      type: 'add',
      access: 'authorised',
      urls: ['POST /api/admin/menu-types', 'POST /api/admin/menu-types/:typeId/menus'],
    },
    { code: 'menu:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: ['PUT /api/admin/menus/:id'] },
    { code: 'menu:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: ['POST /api/admin/menus/delete'] },
  ],
};

export const workCalendarAccess: FunctionDeclaration = {
  code: 'platform.calendar',
  name: 'Work calendar',
  operations: [
    {
      code: 'calendar:view',
      name: 'View',
      type: 'view',
      access: 'authorised',
      isDefault: true,
      urls: ['GET /api/admin/work-calendar/:organId', 'GET /api/admin/work-calendar/:organId/working-day'],
    },
    {
      code: 'calendar:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
      urls: ['PUT /api/admin/work-calendar/:organId', 'POST /api/admin/work-calendar/:organId/weekends'],
    },
  ],
};
