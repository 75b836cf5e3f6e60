/**
 * Qiming's own app in the function model: the app root's operation catalogue declares it, it is synced
 * from the code at every start, read-only to administrators, and the only app the guard reads.
 */
export const builtInAppCode = 'qiming';
