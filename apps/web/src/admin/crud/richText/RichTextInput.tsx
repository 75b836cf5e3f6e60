import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The editor (ProseMirror) is loaded with the first form that needs it, not with the back-office.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export function RichTextInput(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
