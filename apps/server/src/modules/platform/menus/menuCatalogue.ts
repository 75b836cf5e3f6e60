/** A built-in menu entry, seeded into every installation and editable afterwards. */
export interface MenuSeed {
  code: string;
  name: string;
  /** Empty: the client derives the path from the code (underscores become slashes). */
  path: string;
  icon: string;
  /** The function whose grants make the entry visible; none: every signed-in user sees it. */
  functionCode?: string;
  target?: '_self' | '_blank';
  children?: MenuSeed[];
}

export const backOfficeMenuTypeName = 'Back-office';

export const backOfficeMenus: MenuSeed[] = [
  {
    code: 'system',
    name: 'System',
    path: 'system',
    icon: 'setting',
    children: [
      { code: 'system_dictionary', name: 'Dictionaries', path: 'system/dictionary', icon: 'book', functionCode: 'platform.dict' },
      { code: 'system_menu', name: 'Menus', path: 'system/menu', icon: 'menu', functionCode: 'platform.menu' },
      { code: 'system_calendar', name: 'Work calendar', path: 'system/calendar', icon: 'calendar', functionCode: 'platform.calendar' },
      { code: 'system_region', name: 'Regions', path: 'system/region', icon: 'environment', functionCode: 'platform.region' },
      { code: 'system_serial', name: 'Serial numbers', path: 'system/serial', icon: 'number', functionCode: 'platform.serial' },
      {
        code: 'system_function',
        name: 'Function model',
        path: 'system/function',
        icon: 'apartment',
        functionCode: 'platform.functionModel',
      },
    ],
  },
  {
    code: 'iam',
    name: 'Organisation and accounts',
    path: 'iam',
    icon: 'team',
    children: [
      { code: 'iam_organ', name: 'Organisations', path: 'iam/organ', icon: 'apartment', functionCode: 'iam.organ' },
      { code: 'iam_account', name: 'Accounts', path: 'iam/account', icon: 'user', functionCode: 'iam.account' },
      { code: 'iam_role', name: 'Roles', path: 'iam/role', icon: 'safety', functionCode: 'iam.role' },
      { code: 'iam_passwordPolicy', name: 'Password policy', path: 'iam/passwordPolicy', icon: 'lock', functionCode: 'iam.passwordPolicy' },
    ],
  },
  {
    code: 'audit',
    name: 'Audit',
    path: 'audit',
    icon: 'audit',
    children: [
      { code: 'audit_loginLog', name: 'Login log', path: '', icon: 'login', functionCode: 'audit.loginLog' },
      {
        code: 'audit_operationLog',
        name: 'Operation log',
        path: 'audit/operationLog',
        icon: 'history',
        functionCode: 'audit.operationLog',
      },
      { code: 'optLog_errorLog', name: 'Client errors', path: 'optLog/errorLog', icon: 'bug', functionCode: 'audit.clientError' },
    ],
  },
  { code: 'todo', name: 'To-do list', path: 'todo', icon: 'check-square', functionCode: 'todo.task' },
  {
    code: 'governance',
    name: 'Service governance',
    path: 'governance',
    icon: 'cluster',
    children: [
      {
        code: 'governance_namespace',
        name: 'Namespaces',
        path: 'governance/namespace',
        icon: 'apartment',
        functionCode: 'governance.namespace',
      },
      {
        code: 'governance_registry',
        name: 'Service registry',
        path: 'governance/registry',
        icon: 'cloud',
        functionCode: 'governance.registry',
      },
      { code: 'governance_config', name: 'Config centre', path: 'governance/config', icon: 'control', functionCode: 'governance.config' },
    ],
  },
];
