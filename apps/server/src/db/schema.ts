import type { ColumnType, Generated } from 'kysely';

/** Times are epoch milliseconds; flags are 0 or 1, so both dialects store them alike. */
type Millis = number;
type Flag = number;

export interface SysSettingTable {
  key: string;
  value: string;
}

export interface PfAppTable {
  id: Generated<number>;
  app_code: string;
  app_name: string;
  context: string;
  server_host: string;
  port: number;
  transport: string;
  seq: ColumnType<number, number | undefined, number>;
}

export interface PfModuleTable {
  id: Generated<number>;
  app_id: number;
  module_code: string;
  module_name: string;
  seq: ColumnType<number, number | undefined, number>;
}

export interface PfFunctionTable {
  id: Generated<number>;
  module_id: number;
  function_code: string;
  function_name: string;
  seq: ColumnType<number, number | undefined, number>;
}

export type OperationTypeCode = 'view' | 'add' | 'edit' | 'delete' | 'export' | 'other';

export interface PfOperationTable {
  id: Generated<number>;
  function_id: number;
  operation_code: string;
  operation_name: string;
  operation_type_code: OperationTypeCode;
  is_default: Flag;
  seq: ColumnType<number, number | undefined, number>;
}

export type AccessType = 'public' | 'signedIn' | 'authorised';

export interface PfUrlTable {
  id: Generated<number>;
  operation_id: number;
  url_name: string;
  method: string;
  url_content: string;
  access_type: AccessType;
}

export interface PfMenuTypeTable {
  id: Generated<number>;
  menu_type_name: string;
  is_sys: Flag;
}

export interface PfMenuTable {
  id: Generated<number>;
  menu_type_id: number;
  parent_menu_id: number | null;
  menu_code: string;
  menu_name: string;
  is_leaf: Flag;
  menu_path: string;
  scheme: string;
  icon: string;
  seq: number;
  target: string;
  function_code: string | null;
}

export interface PfDictTable {
  id: Generated<number>;
  dict_code: string;
  dict_name: string;
  note: string;
  /** Kept by every item insert and delete, in the same transaction. */
  item_count: number;
  updated_at: Millis;
}

export interface PfDictItemTable {
  id: Generated<number>;
  dict_id: number;
  item_code: string;
  item_value: string;
  item_index: number;
}

export interface PfRegionTable {
  cant_code: string;
  cant_name: string;
  short_name: string;
  cant_type: number;
  super_code: string | null;
  enabled: number;
  local: number;
}

export interface SysSerialRuleTable {
  id: Generated<number>;
  id_code: string;
  id_name: string;
  is_global: number;
  organ_id: number | null;
  /** The owning organ's id, 0 for a global rule: the code is unique per scope. */
  scope: number;
  id_length: number;
  id_value: number;
  period: string;
  is_prefix: number;
  id_prefix: string;
  is_suffix: number;
  id_suffix: string;
  id_type: string;
  updated_at: Millis;
}

export interface TodoTaskTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  description: string;
  level: number;
  status: number;
  bucket: number;
  position: number;
  due_date: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface IamRoleTable {
  id: Generated<number>;
  role_code: string;
  role_name: string;
  role_type: 'builtin' | 'common';
  is_super: Flag;
  position_type: Generated<string>;
  role_scope: Generated<'global' | 'organ'>;
  belong_to_organ: Generated<number | null>;
}

export interface IamRoleOrganTable {
  role_id: number;
  organ_id: number;
}

export interface IamOrganTypeTable {
  id: Generated<number>;
  type_code: string;
  type_name: string;
  parent_type_code: string | null;
}

export interface IamStructureTable {
  id: Generated<number>;
  stru_type: string;
  stru_type_name: string;
}

export interface IamOrganTable {
  id: Generated<number>;
  organ_code: string;
  organ_name: string;
  short_name: string;
  type_code: string;
  principal_name: string;
  created_at: Millis;
}

/** An organ's place in one structure's tree. */
export interface IamOrganNodeTable {
  id: Generated<number>;
  stru_type: string;
  organ_id: number;
  parent_organ_id: number | null;
  stru_order: number;
}

export interface IamPositionTable {
  id: Generated<number>;
  organ_id: number;
  position_code: string;
  position_name: string;
}

export interface IamStaffTable {
  id: Generated<number>;
  staff_code: string;
  staff_name: string;
  organ_id: number;
  position_id: number | null;
  mobile: string | null;
  email: string | null;
  id_number: string | null;
}

export interface PfWorkDayTable {
  organ_id: number;
  /** YYYY-MM-DD. */
  solar_date: string;
  is_working: Flag;
}

export interface IamRoleOperationTable {
  role_id: number;
  operation_id: number;
}

export type UserStatus = 'normal' | 'lock';

export interface IamAccountTable {
  id: Generated<number>;
  user_name: string;
  name: string;
  password_hash: string;
  user_status: UserStatus;
  login_failures: number;
  locked_until: Millis | null;
  pwd_changed_at: Millis;
  avatar: string;
  introduction: string;
  menu_type_id: number;
  max_session_number: number;
  created_at: Millis;
  organ_id: Generated<number | null>;
  staff_id: Generated<number | null>;
  is_admin: Generated<Flag>;
  /** The organ whose subtree (administrative structure) an administrator manages. */
  manage_range: Generated<number | null>;
  is_use_ip_checked: Generated<Flag>;
  ip_policy: Generated<string>;
  auth_strategy: Generated<AuthStrategy>;
  /** Sign-ins made since the password expired. */
  grace_logins: Generated<number>;
}

/** `password`: signs in on the sign-in page; `clientOnly`: a machine account, only for API clients such as Nacos'. */
export type AuthStrategy = 'password' | 'clientOnly';

export interface IamAccountRoleTable {
  account_id: number;
  role_id: number;
}

export interface IamPasswordPolicyTable {
  id: number;
  pwd_min_length: number;
  pwd_max_length: number;
  is_up_case: Flag;
  is_lower_case: Flag;
  is_num: Flag;
  is_special_char: Flag;
  login_attempts: number;
  pwd_lock_time: number;
  pwd_life_time: number;
  pwd_grace_time: number;
}

export interface AuthLoginKeyTable {
  id: string;
  key: string;
  expires_at: Millis;
}

export interface AuthSessionTable {
  id: string;
  account_id: number;
  refresh_hash: string;
  client_id: string;
  ip: string;
  user_agent: string;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  previous_refresh_hash: string | null;
}

/** One row, rewritten by every readiness check: proof that the database still takes writes. */
export interface SysHealthProbeTable {
  id: number;
  checked_at: Millis;
}

/** Sign-in attempts of one account from one source address within the lock window, failures and those under way. */
export interface AuthSignInAttemptTable {
  account_id: number;
  source: string;
  attempts: number;
  last_at: Millis;
}

export const loginResults = ['success', 'badCredentials', 'locked', 'keyInvalid', 'ipRefused', 'expired', 'clientOnly'] as const;
export type LoginResult = (typeof loginResults)[number];

export interface AuditLoginLogTable {
  id: Generated<number>;
  login_time: Millis;
  login_ip: string;
  user_name: string;
  account_id: number | null;
  result: LoginResult;
  user_agent: string;
}

export interface AuditOperationLogTable {
  id: Generated<number>;
  op_time: Millis;
  account_id: number | null;
  user_name: string;
  operation: string;
  target: string;
  params: string;
  before_value: string;
  after_value: string;
  result: 'success' | 'refused' | 'failed';
  duration_ms: number;
}

export interface AuditClientErrorTable {
  id: Generated<number>;
  created_at: Millis;
  account_id: number | null;
  page_url: string;
  message: string;
  stack: string;
  info: string;
  user_agent: string;
}

export interface PortalSettingTable {
  key: string;
  value: string;
}

export type ServiceKind = 'information' | 'innovation';

export interface PortalServiceTable {
  id: Generated<number>;
  kind: ServiceKind;
  /** The `index` of the website's links: 0-6 for information services, 0-4 for innovation services. */
  seq: number;
  name: string;
  summary: string;
  /** JSON array of strings. */
  features: string;
}

export interface PortalNewsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  /** Rich text as stored; sanitised whenever it is served. */
  body: string;
  published_at: Millis;
}

export interface PortalCustomerTable {
  id: Generated<number>;
  seq: number;
  name: string;
  category: string;
  region: string;
  description: string;
}

export interface PortalAboutSectionTable {
  id: Generated<number>;
  seq: number;
  title: string;
  body: string;
}

export interface PortalPositionTable {
  id: Generated<number>;
  seq: number;
  title: string;
  department: string;
  location: string;
  headcount: number;
  duties: string;
  requirements: string;
}

export interface GovNamespaceTable {
  id: Generated<number>;
  namespace_id: string;
  name: string;
  description: string;
  created_at: Millis;
}

export interface RegServiceTable {
  id: Generated<number>;
  namespace_id: string;
  group_name: string;
  service_name: string;
  protect_threshold: number;
  metadata: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface RegInstanceTable {
  id: Generated<number>;
  service_id: number;
  cluster_name: string;
  ip: string;
  port: number;
  weight: number;
  healthy: Flag;
  enabled: Flag;
  ephemeral: Flag;
  metadata: string;
  /** An administrator's weight and enabled flag win over what the client registers, and survive re-registration. */
  admin_weight: number | null;
  admin_enabled: Flag | null;
  last_beat: Millis;
  /** From the instance's `preserved.*` metadata, as Nacos reads it; 5 s, 15 s and 30 s otherwise. */
  beat_interval: number;
  beat_timeout: number;
  delete_timeout: number;
  registered_at: Millis;
}

export type ConfigOperation = 'insert' | 'update' | 'delete';

export interface CfgConfigTable {
  id: Generated<number>;
  namespace_id: string;
  data_id: string;
  group_name: string;
  app_name: string;
  tags: string;
  content: string;
  md5: string;
  type: string;
  description: string;
  updated_by: string;
  updated_at: Millis;
}

export interface CfgHistoryTable {
  id: Generated<number>;
  config_id: number;
  namespace_id: string;
  data_id: string;
  group_name: string;
  app_name: string;
  tags: string;
  content: string;
  md5: string;
  type: string;
  description: string;
  operation: ConfigOperation;
  changed_by: string;
  changed_at: Millis;
}

export interface Database {
  portal_setting: PortalSettingTable;
  portal_service: PortalServiceTable;
  portal_news: PortalNewsTable;
  portal_customer: PortalCustomerTable;
  portal_about_section: PortalAboutSectionTable;
  portal_position: PortalPositionTable;
  sys_setting: SysSettingTable;
  pf_app: PfAppTable;
  pf_module: PfModuleTable;
  pf_function: PfFunctionTable;
  pf_operation: PfOperationTable;
  pf_url: PfUrlTable;
  pf_menu_type: PfMenuTypeTable;
  pf_menu: PfMenuTable;
  pf_dict: PfDictTable;
  pf_dict_item: PfDictItemTable;
  pf_region: PfRegionTable;
  sys_serial_rule: SysSerialRuleTable;
  todo_task: TodoTaskTable;
  iam_role: IamRoleTable;
  iam_role_operation: IamRoleOperationTable;
  iam_account: IamAccountTable;
  iam_account_role: IamAccountRoleTable;
  iam_password_policy: IamPasswordPolicyTable;
  auth_login_key: AuthLoginKeyTable;
  auth_session: AuthSessionTable;
  auth_sign_in_attempt: AuthSignInAttemptTable;
  sys_health_probe: SysHealthProbeTable;
  audit_login_log: AuditLoginLogTable;
  audit_operation_log: AuditOperationLogTable;
  audit_client_error: AuditClientErrorTable;
  gov_namespace: GovNamespaceTable;
  reg_service: RegServiceTable;
  reg_instance: RegInstanceTable;
  cfg_config: CfgConfigTable;
  cfg_history: CfgHistoryTable;
  iam_role_organ: IamRoleOrganTable;
  iam_organ_type: IamOrganTypeTable;
  iam_structure: IamStructureTable;
  iam_organ: IamOrganTable;
  iam_organ_node: IamOrganNodeTable;
  iam_position: IamPositionTable;
  iam_staff: IamStaffTable;
  pf_work_day: PfWorkDayTable;
}
