import type { ComponentType } from 'react';

type ViewModule = { default: ComponentType };
type Loader = () => Promise<ViewModule>;

// Spec section 2: paths starting with 'opt' load from one view set, all others from another.
const mainViews = import.meta.glob<ViewModule>('./views/**/index.tsx');
const optViews = import.meta.glob<ViewModule>('./views-opt/**/index.tsx');

export function findView(viewSet: 'main' | 'opt', view: string): Loader | undefined {
  return viewSet === 'opt' ? optViews[`./views-opt/${view}/index.tsx`] : mainViews[`./views/${view}/index.tsx`];
}
