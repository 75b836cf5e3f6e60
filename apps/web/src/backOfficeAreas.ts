/**
 * The first segment of every back-office address: a menu's path names a view under `admin/views/` or
 * `admin/views-opt/`, so these are those folders (a unit test keeps the list equal to them). Written
 * out rather than globbed, so the visitor's first page does not carry the back-office's view map.
 */
export const backOfficeAreas = [
  'audit',
  'bpm',
  'dashboard',
  'forms',
  'governance',
  'iam',
  'monitor',
  'optLog',
  'portal',
  'profile',
  'system',
  'todo',
] as const;

/** Whether `pathname` lies in a back-office area, where a signed-out visitor is asked to sign in. */
export function isBackOfficeAddress(pathname: string): boolean {
  const area = pathname.split('/')[1] ?? '';
  return (backOfficeAreas as readonly string[]).includes(area);
}

/**
 * Whether this browser holds a session's tokens. Read here rather than through `tokenStorage`, whose
 * cookie library would join the visitor's first page; a unit test keeps the two readings equal.
 */
export function hasStoredSession(): boolean {
  return localStorage.getItem('Admin-Token') !== null && localStorage.getItem('Refresh-Token') !== null;
}
