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
    code: 'portal',
    name: 'Cloud portal',
    path: 'portal',
    icon: 'global',
    children: [
      { code: 'portal_site', name: 'Site settings', path: 'portal/site', icon: 'setting', functionCode: 'portal.site' },
      { code: 'portal_news', name: 'News', path: 'portal/news', icon: 'read', functionCode: 'portal.news' },
      { code: 'portal_services', name: 'Services and cases', path: 'portal/services', icon: 'appstore', functionCode: 'portal.services' },
      { code: 'portal_customers', name: 'Customers', path: 'portal/customers', icon: 'team', functionCode: 'portal.customers' },
      { code: 'portal_about', name: 'About us', path: 'portal/about', icon: 'info-circle', functionCode: 'portal.about' },
      { code: 'portal_jobs', name: 'Job openings', path: 'portal/jobs', icon: 'solution', functionCode: 'portal.jobs' },
    ],
  },
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
      {
        code: 'governance_gateway',
        name: 'Gateway routes',
        path: 'governance/gateway',
        icon: 'gateway',
        functionCode: 'governance.gateway',
      },
      {
        code: 'governance_apiGroup',
        name: 'API groups',
        path: 'governance/apiGroup',
        icon: 'appstore',
        functionCode: 'governance.apiGroup',
      },
      {
        code: 'governance_flowRule',
        name: 'Flow rules',
        path: 'governance/flowRule',
        icon: 'control',
        functionCode: 'governance.flowRule',
      },
      {
        code: 'governance_degradeRule',
        name: 'Degrade rules',
        path: 'governance/degradeRule',
        icon: 'control',
        functionCode: 'governance.degradeRule',
      },
    ],
  },
  {
    code: 'monitor',
    name: 'Monitoring and alarms',
    path: 'monitor',
    icon: 'dashboard',
    children: [
      { code: 'monitor_figures', name: 'Monitoring', path: 'monitor/figures', icon: 'line-chart', functionCode: 'monitor.figures' },
      { code: 'monitor_alarmRule', name: 'Alarm rules', path: 'monitor/alarmRule', icon: 'alert', functionCode: 'monitor.alarmRule' },
      {
        code: 'monitor_alarmReceiver',
        name: 'Alarm receivers',
        path: 'monitor/alarmReceiver',
        icon: 'notification',
        functionCode: 'monitor.alarmReceiver',
      },
      {
        code: 'monitor_alarmEvent',
        name: 'Alarm history',
        path: 'monitor/alarmEvent',
        icon: 'history',
        functionCode: 'monitor.alarmEvent',
      },
      { code: 'monitor_outbound', name: 'Outbound calls', path: 'monitor/outbound', icon: 'api', functionCode: 'monitor.outbound' },
    ],
  },
  {
    code: 'forms',
    name: 'Cloud forms',
    path: 'forms',
    icon: 'form',
    children: [
      { code: 'forms_designer', name: 'Form designer', path: 'forms/designer', icon: 'build', functionCode: 'forms.form' },
      { code: 'forms_fill', name: 'Fill in a form', path: 'forms/fill', icon: 'edit', functionCode: 'forms.fill' },
      { code: 'forms_submissions', name: 'Submissions', path: 'forms/submissions', icon: 'database', functionCode: 'forms.submission' },
    ],
  },
  {
    code: 'bpm',
    name: 'Workflow',
    path: 'bpm',
    icon: 'branches',
    children: [
      { code: 'bpm_model', name: 'Process models', path: 'bpm/model', icon: 'partition', functionCode: 'bpm.model' },
      {
        code: 'bpm_definition',
        name: 'Process definitions',
        path: 'bpm/definition',
        icon: 'deployment-unit',
        functionCode: 'bpm.definition',
      },
      { code: 'bpm_todo', name: 'My to-do tasks', path: 'bpm/todo', icon: 'inbox', functionCode: 'bpm.task' },
      { code: 'bpm_done', name: 'My done tasks', path: 'bpm/done', icon: 'check-circle', functionCode: 'bpm.task' },
      { code: 'bpm_monitor', name: 'Process monitoring', path: 'bpm/monitor', icon: 'monitor', functionCode: 'bpm.monitor' },
      { code: 'bpm_participant', name: 'Participants', path: 'bpm/participant', icon: 'team', functionCode: 'bpm.participant' },
      { code: 'bpm_listener', name: 'Listeners', path: 'bpm/listener', icon: 'api', functionCode: 'bpm.listener' },
      { code: 'bpm_plugin', name: 'Plugin buttons and types', path: 'bpm/plugin', icon: 'appstore', functionCode: 'bpm.plugin' },
      { code: 'bpm_statistics', name: 'Performance statistics', path: 'bpm/statistics', icon: 'bar-chart', functionCode: 'bpm.statistics' },
    ],
  },
];
