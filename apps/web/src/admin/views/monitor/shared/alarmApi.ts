/** API paths of the alarm pages, under `/api`. */
export const alarmPaths = {
  rules: '/admin/alarms/rules',
  receiverOptions: '/admin/alarms/rules/receivers',
  receivers: '/admin/alarms/receivers',
  events: '/admin/alarms/events',
  settings: '/admin/alarms/settings',
  notifications: '/admin/notifications',
} as const;

/**
 * The values with every list sent as indexed keys (`emails.0=a`): a form body repeats a list's key,
 * and a list of one then reads as a single text on the server; indexed keys always read as a list.
 * An empty list is left out, which the API reads as empty.
 */
export function listsIndexed(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      Array.isArray(value) ? Object.fromEntries(value.map((item, index) => [index, item])) : value,
    ]),
  );
}
