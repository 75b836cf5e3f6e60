/**
 * What an operation-log row is about: the part of its operation code before the colon
 * (`dict:edit` -> `dict`). The log's type filter offers these; the page names each in its language.
 */
export const operationLogTypes = [
  'account',
  'attachment',
  'auth',
  'calendar',
  'config',
  'dict',
  'gateway',
  'menu',
  'namespace',
  'organ',
  'organType',
  'passwordPolicy',
  'portal',
  'region',
  'registry',
  'role',
  'serial',
  'todo',
] as const;
export type OperationLogType = (typeof operationLogTypes)[number];
