import type { ReactNode } from 'react';

/** A labelled contact line, left out while the back-office portal has not filled it in. */
export function ContactLine({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  if (!value) return null;
  return (
    <p>
      {label}：{children ?? value}
    </p>
  );
}
