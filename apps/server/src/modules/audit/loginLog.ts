// Sign-in records: auth writes them, the profile page lists one's own. Other modules come here, so the
// repository stays this module's own.
export { listLoginLogs, loginLogSortable, writeLoginLog } from './loginLogRepo.ts';
