/** A problem's dotted path as a form item's name path, so 'items.0.qty' becomes ['items', 0, 'qty']. */
export function namePathOf(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
