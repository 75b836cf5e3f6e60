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
    },
    {
      code: 'menu:add',
      name: 'Add',
      type: 'add',
      access: 'authorised',
    },
    {
      code: 'menu:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
    },
    {
      code: 'menu:delete',
      name: 'Delete',
      type: 'delete',
      access: 'authorised',
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
    },
    {
      code: 'calendar:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
    },
  ],
};

export const regionAccess: FunctionDeclaration = {
  code: 'platform.region',
  name: 'Regions',
  operations: [
    // The region page, for those granted it; the lookups below serve every user's region pickers.
    { code: 'region:view', name: 'View', type: 'view', access: 'authorised', isDefault: true },
    {
      code: 'region:lookup',
      name: 'Look up',
      type: 'view',
      access: 'signedIn',
    },
    { code: 'region:add', name: 'Add', type: 'add', access: 'authorised' },
    {
      code: 'region:edit',
      name: 'Edit',
      type: 'edit',
      access: 'authorised',
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
    },
    { code: 'serial:add', name: 'Add', type: 'add', access: 'authorised' },
    { code: 'serial:edit', name: 'Edit', type: 'edit', access: 'authorised' },
    { code: 'serial:delete', name: 'Delete', type: 'delete', access: 'authorised' },
    {
      code: 'serial:next',
      name: 'Draw a number',
      type: 'other',
      access: 'authorised',
    },
  ],
};
