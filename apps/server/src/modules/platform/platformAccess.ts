import type { FunctionDeclaration } from '../../http/operationDeclarations.ts';

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
    {
      code: 'menu:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
      urls: ['PUT /api/admin/menus/:id', 'PUT /api/admin/menu-types/:typeId'],
    },
    {
      code: 'menu:delete',
      name: 'Delete',
      type: 'delete',
      access: 'authorised',
      urls: ['POST /api/admin/menus/delete', 'POST /api/admin/menu-types/:typeId/delete'],
    },
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

export const regionAccess: FunctionDeclaration = {
  code: 'platform.region',
  name: 'Regions',
  operations: [
    // The region page, for those granted it; the lookups below serve every user's region pickers.
    { code: 'region:view', name: 'View', type: 'view', access: 'authorised', isDefault: true, urls: ['GET /api/admin/regions/:code'] },
    {
      code: 'region:lookup',
      name: 'Look up',
      type: 'view',
      access: 'signedIn',
      urls: ['GET /api/admin/regions/children', 'GET /api/admin/regions/search', 'GET /api/admin/regions/:code/path'],
    },
    { code: 'region:add', name: 'Add', type: 'add', access: 'authorised', urls: ['POST /api/admin/regions'] },
    {
      code: 'region:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
      urls: ['PUT /api/admin/regions/:code', 'POST /api/admin/regions/:code/enable', 'POST /api/admin/regions/:code/disable'],
    },
  ],
};

export const serialNumberAccess: FunctionDeclaration = {
  code: 'platform.serial',
  name: 'Serial numbers',
  operations: [
    {
      code: 'serial:view',
      name: 'View',
      type: 'view',
      access: 'authorised',
      isDefault: true,
      urls: ['GET /api/admin/serial-rules', 'GET /api/admin/serial-rules/:id'],
    },
    { code: 'serial:add', name: 'Add', type: 'add', access: 'authorised', urls: ['POST /api/admin/serial-rules'] },
    { code: 'serial:edit', name: 'Edit', type: 'edit', access: 'authorised', urls: ['PUT /api/admin/serial-rules/:id'] },
    { code: 'serial:delete', name: 'Delete', type: 'delete', access: 'authorised', urls: ['POST /api/admin/serial-rules/delete'] },
    {
      code: 'serial:next',
      name: 'Draw a number',
      type: 'other',
      access: 'authorised',
      urls: ['POST /api/admin/serial-numbers/:idId/next'],
    },
  ],
};
