import type { LoginResult, OperationOutcome } from '@qiming/shared';
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

export interface FormDefTable {
  id: Generated<number>;
  form_name: string;
  description: string;
  /** The draft schema, JSON. */
  field: string;
  action: string;
  url: string;
  model_name: string;
  created_at: Millis;
  updated_at: Millis;
}

/** A published, frozen schema: (form_id, version) is the key. */
export interface FormVersionTable {
  form_id: number;
  version: number;
  field: string;
  published_at: Millis;
  published_by: string;
}

export interface FormSubmissionTable {
  id: Generated<number>;
  form_id: number;
  version: number;
  /** The kept values, JSON. */
  field_values: string;
  submitted_by: number;
  submitted_at: Millis;
  /** Where posting on to the form's url stands: none, pending, posted or failed. */
  post_status: ColumnType<string, string | undefined, string>;
  post_error: string | null;
  post_claimed_until: ColumnType<number, number | undefined, number>;
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

/** A role's grant on a namespace of the registry and config centre. */
export interface IamRoleNamespaceTable {
  role_id: number;
  namespace_id: string;
  access: 'read' | 'write';
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

export { type LoginResult, loginResults } from '@qiming/shared';

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
  result: OperationOutcome;
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
  /** An image address, or empty. */
  image: Generated<string>;
  /** A customer's story with the service, or empty. */
  story: Generated<string>;
  /** JSON array of `figure|label` lines. */
  results: Generated<string>;
}

export interface PortalNewsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  /** Rich text as stored; sanitised whenever it is served. */
  body: string;
  /** An image address, or empty. */
  cover: Generated<string>;
  status: Generated<'draft' | 'published' | 'withdrawn'>;
  /** 1: listed before the others. */
  pinned: Generated<number>;
  published_at: Millis;
  updated_at: Generated<Millis>;
}

export interface PortalCustomerTable {
  id: Generated<number>;
  seq: number;
  name: string;
  category: string;
  region: string;
  description: string;
  /** An image address, or empty. */
  logo: Generated<string>;
}

export interface PortalAboutSectionTable {
  id: Generated<number>;
  seq: number;
  title: string;
  body: string;
  /** An image address, or empty. */
  image: Generated<string>;
  /** JSON array of `label|text` lines. */
  items: Generated<string>;
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

/** An uploaded image, stored under its SHA-256 so one content is kept once. */
export interface SysAttachmentTable {
  id: Generated<number>;
  sha256: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  uploaded_by: number;
  uploaded_at: Millis;
}

/** Everyone who uploaded an attachment's content: it is stored once, whoever sends it again. */
export interface SysAttachmentUploaderTable {
  attachment_id: number;
  account_id: number;
  uploaded_at: Millis;
}

/** Unsaved website content an editor looks at on the real site, for a while, behind an unguessable token. */
export interface PortalPreviewTable {
  token: string;
  kind: 'site' | 'news';
  /** JSON of the content as the preview shows it. */
  payload: string;
  created_by: number;
  expires_at: Millis;
}

export interface GwRouteTable {
  id: Generated<number>;
  route_id: string;
  route_name: string;
  /** Lower matches first. */
  order_num: number;
  uri: string;
  /** JSON array of `{name, args}`. */
  predicates: string;
  filters: string;
  description: string;
  status: 'unreleased' | 'released' | 'cancelled';
  created_at: Millis;
  updated_at: Millis;
}

export interface GwApiGroupTable {
  id: Generated<number>;
  api_name: string;
  description: string;
  /** JSON array of `{name: exact|prefix|regex, args: {pattern}}`. */
  items: string;
  updated_at: Millis;
}

export interface GwFlowRuleTable {
  id: Generated<number>;
  resource_mode: 'route' | 'apiGroup';
  /** A route's routeId or an API group's name. */
  resource: string;
  grade: 'qps' | 'concurrency';
  count: number;
  interval_sec: number;
  burst: number;
  control_behavior: 'reject' | 'warmUp' | 'queue' | 'warmUpQueue';
  param_strategy: 'none' | 'clientIp' | 'header' | 'urlParam' | 'cookie';
  param_field: string;
  warm_up_period_sec: Generated<number>;
  max_queueing_time_ms: Generated<number>;
  enabled: number;
  updated_at: Millis;
}

export interface GwDegradeRuleTable {
  id: Generated<number>;
  resource_mode: 'route' | 'apiGroup';
  resource: string;
  grade: 'slowRatio' | 'errorRatio' | 'errorCount';
  /** Slow-call ratio: the slow response time in ms; error ratio: 0-1; error count: a count. */
  count: number;
  slow_ratio_threshold: number;
  min_request_amount: number;
  stat_interval_ms: number;
  /** Seconds the breaker stays open. */
  time_window: number;
  enabled: number;
  updated_at: Millis;
}

export interface MonTrafficMinuteTable {
  kind: 'route' | 'apiGroup' | 'api';
  target: string;
  server_id: string;
  minute: Millis;
  passed: number;
  blocked: number;
  succeeded: number;
  failed: number;
  total_ms: number;
  /** This process's p99 in the minute; null when nothing was answered. */
  p99_ms: number | null;
}

export interface MonGaugeMinuteTable {
  kind: 'server' | 'service';
  target: string;
  metric: string;
  minute: Millis;
  /** The minute's average. */
  value: number;
}

export interface SysLeaseTable {
  name: string;
  holder: string;
  expires_at: Millis;
}

export interface AlarmReceiverTable {
  id: Generated<number>;
  receiver_name: string;
  kind: 'email' | 'webhook' | 'inApp';
  /** JSON arrays of text. */
  emails: string;
  url: string;
  secret: string;
  role_codes: string;
  user_names: string;
  enabled: number;
  updated_at: Millis;
}

export interface AlarmRuleTable {
  id: Generated<number>;
  rule_name: string;
  target_kind: 'route' | 'apiGroup' | 'service' | 'server' | 'breaker' | 'workflow';
  target: string;
  metric: string;
  comparison: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
  threshold: number;
  duration_sec: number;
  level: 'general' | 'serious' | 'urgent';
  enabled: number;
  updated_at: Millis;
}

export interface AlarmRuleReceiverTable {
  rule_id: number;
  receiver_id: number;
}

export interface AlarmEventTable {
  id: Generated<number>;
  rule_id: number;
  rule_name: string;
  level: 'general' | 'serious' | 'urgent';
  target_kind: 'route' | 'apiGroup' | 'service' | 'server' | 'breaker' | 'workflow';
  target: string;
  metric: string;
  comparison: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
  threshold: number;
  fired_value: number;
  last_value: number;
  status: 'firing' | 'resolved';
  fired_at: Millis;
  resolved_at: Millis | null;
  acknowledged_at: Millis | null;
  acknowledged_by: string | null;
}

export interface AlarmDeliveryTable {
  id: Generated<number>;
  event_id: number;
  receiver_id: number;
  receiver_name: string;
  kind: 'email' | 'webhook' | 'inApp';
  phase: 'firing' | 'resolved';
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  next_attempt_at: Millis;
  updated_at: Millis;
}

export interface AlarmNotificationTable {
  id: Generated<number>;
  event_id: number;
  account_id: number;
  phase: 'firing' | 'resolved';
  created_at: Millis;
  read_at: Millis | null;
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

/** Workflow (issue 10): a draft BPMN model. */
export interface BpmModelTable {
  id: Generated<number>;
  model_key: string;
  model_name: string;
  category: string;
  description: string;
  xml: string;
  created_at: Millis;
  updated_at: Millis;
  updated_by: string;
}

/** A released, immutable process definition; `release_info` is what release read from the XML, as JSON. */
export interface BpmDefinitionTable {
  id: Generated<number>;
  def_key: string;
  def_name: string;
  version: number;
  model_id: number | null;
  category: string;
  xml: string;
  release_info: string;
  suspended: ColumnType<Flag, Flag | undefined, Flag>;
  deployed_at: Millis;
  deployed_by: string;
}

/** A process instance: the engine's saved state (JSON) and the optimistic version every command moves on. */
export interface BpmInstanceTable {
  id: Generated<number>;
  definition_id: number;
  def_key: string;
  business_key: string;
  state: string;
  engine_state: string;
  variables: string;
  version: number;
  started_by: string;
  started_at: Millis;
  ended_at: Millis | null;
  /** The instance whose call activity started this one, and that activity's execution. */
  parent_instance_id: ColumnType<number | null, number | null | undefined, number | null>;
  parent_execution_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An engine error at run time, kept on the instance at its element until retried or resolved. */
export interface BpmIncidentTable {
  id: Generated<number>;
  instance_id: number;
  definition_id: number;
  def_key: string;
  element_id: string;
  element_type: string;
  execution_id: string | null;
  kind: string;
  message: string;
  /** The command that failed, as JSON, run again by a retry; null when the caller retries on its own (external tasks). */
  command: string | null;
  /** The called instance's incident this one shows on the call activity; resolving that one resolves this. */
  cause_incident_id: ColumnType<number | null, number | null | undefined, number | null>;
  state: string;
  retries: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  resolved_at: Millis | null;
  resolved_by: string | null;
}

/** A message or signal an instance waits for at an element, replaced after every command. */
export interface BpmSubscriptionTable {
  id: Generated<number>;
  instance_id: number;
  execution_id: string;
  element_id: string;
  kind: string;
  event_name: string;
}

/** A timer start event of a released definition, due at `due_at` on the durable scheduler. */
export interface BpmStartTimerTable {
  id: Generated<number>;
  definition_id: number;
  element_id: string;
  kind: string;
  spec: string;
  fired: ColumnType<number, number | undefined, number>;
  due_at: Millis;
  claimed_until: ColumnType<Millis, Millis | undefined, Millis>;
}

export interface BpmActivityTable {
  id: Generated<number>;
  instance_id: number;
  execution_id: string;
  activity_id: string;
  activity_name: string;
  activity_type: string;
  state: string;
  started_at: Millis;
  ended_at: Millis | null;
}

export interface BpmTaskTable {
  id: Generated<number>;
  instance_id: number;
  execution_id: string;
  activity_id: string;
  task_name: string;
  assignee: string | null;
  candidate_users: string;
  candidate_groups: string;
  form_key: string | null;
  form_id: number | null;
  form_version: number | null;
  due_at: Millis | null;
  created_at: Millis;
  claimed_at: Millis | null;
  ended_at: Millis | null;
  status: string;
  outcome: string | null;
  button: string | null;
  completed_by: string | null;
  previous_task_id: number | null;
  /**
   * The engine state saved when the task was created: recall and return restore it. Empty while that is still
   * its instance's engine state (see runtimeRepo's pendingSnapshot).
   */
  engine_snapshot: string;
}

/** A task's candidates, one row each, so that "my to-do" is an indexed query: kind user (user name) or group (role code). */
export interface BpmTaskCandidateTable {
  task_id: number;
  kind: string;
  ref: string;
}

export interface BpmCommentTable {
  id: Generated<number>;
  instance_id: number;
  task_id: number | null;
  activity_name: string;
  user_name: string;
  message: string;
  created_at: Millis;
}

/** A timer the engine waits on: fired by whichever process claims it first once due. */
export interface BpmTimerTable {
  id: Generated<number>;
  instance_id: number;
  execution_id: string;
  activity_id: string;
  due_at: Millis;
  claimed_until: ColumnType<Millis, Millis | undefined, Millis>;
}

/** A service task waiting for a worker (Camunda's external task); locked by a worker until `lock_expires_at`. */
export interface BpmExternalTaskTable {
  id: string;
  instance_id: number;
  execution_id: string;
  activity_id: string;
  topic: string;
  priority: number;
  /** Null until a worker first reports a failure, as in Camunda. */
  retries: number | null;
  worker_id: string | null;
  /** Locked until then; after a failure with a retry timeout, not fetchable until then. */
  lock_expires_at: Millis | null;
  error_message: string | null;
  error_details: string | null;
  created_at: Millis;
}

export interface BpmParticipantTable {
  id: Generated<number>;
  def_key: string;
  kind: string;
  ref: string;
  created_at: Millis;
}

export interface BpmListenerTable {
  id: Generated<number>;
  def_key: string;
  activity_id: string;
  scope: string;
  event: string;
  kind: string;
  url: string;
  enabled: Flag;
  created_at: Millis;
}

export interface BpmListenerLogTable {
  id: Generated<number>;
  listener_id: number | null;
  instance_id: number;
  activity_id: string;
  event: string;
  message: string;
  created_at: Millis;
}

export interface BpmPluginTypeTable {
  id: Generated<number>;
  code: string;
  type_name: string;
  description: string;
  sort: number;
}

export interface BpmPluginButtonTable {
  id: Generated<number>;
  code: string;
  button_name: string;
  type_code: string;
  action: string;
  variables: string;
  sort: number;
  enabled: Flag;
}

export interface Database {
  portal_setting: PortalSettingTable;
  portal_service: PortalServiceTable;
  portal_news: PortalNewsTable;
  portal_customer: PortalCustomerTable;
  portal_about_section: PortalAboutSectionTable;
  portal_position: PortalPositionTable;
  portal_preview: PortalPreviewTable;
  sys_attachment: SysAttachmentTable;
  sys_attachment_uploader: SysAttachmentUploaderTable;
  gw_route: GwRouteTable;
  gw_api_group: GwApiGroupTable;
  gw_flow_rule: GwFlowRuleTable;
  gw_degrade_rule: GwDegradeRuleTable;
  mon_traffic_minute: MonTrafficMinuteTable;
  mon_gauge_minute: MonGaugeMinuteTable;
  sys_lease: SysLeaseTable;
  alarm_receiver: AlarmReceiverTable;
  alarm_rule: AlarmRuleTable;
  alarm_rule_receiver: AlarmRuleReceiverTable;
  alarm_event: AlarmEventTable;
  alarm_delivery: AlarmDeliveryTable;
  alarm_notification: AlarmNotificationTable;
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
  form_def: FormDefTable;
  form_version: FormVersionTable;
  form_submission: FormSubmissionTable;
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
  iam_role_namespace: IamRoleNamespaceTable;
  iam_organ_type: IamOrganTypeTable;
  iam_structure: IamStructureTable;
  iam_organ: IamOrganTable;
  iam_organ_node: IamOrganNodeTable;
  iam_position: IamPositionTable;
  iam_staff: IamStaffTable;
  pf_work_day: PfWorkDayTable;
  bpm_model: BpmModelTable;
  bpm_definition: BpmDefinitionTable;
  bpm_instance: BpmInstanceTable;
  bpm_activity: BpmActivityTable;
  bpm_task: BpmTaskTable;
  bpm_task_candidate: BpmTaskCandidateTable;
  bpm_comment: BpmCommentTable;
  bpm_timer: BpmTimerTable;
  bpm_incident: BpmIncidentTable;
  bpm_start_timer: BpmStartTimerTable;
  bpm_subscription: BpmSubscriptionTable;
  bpm_participant: BpmParticipantTable;
  bpm_listener: BpmListenerTable;
  bpm_listener_log: BpmListenerLogTable;
  bpm_plugin_type: BpmPluginTypeTable;
  bpm_plugin_button: BpmPluginButtonTable;
  bpm_external_task: BpmExternalTaskTable;
}
