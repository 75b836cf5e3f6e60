import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders its lazy dialog or drawer from the first time it is opened on, so the code behind it loads then
 * rather than with the layout, and it stays mounted to close with its animation and reopen at once.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
