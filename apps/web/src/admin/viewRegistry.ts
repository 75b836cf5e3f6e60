import type { ComponentType } from 'react';
import { type AreaPart, loadAreaStrings } from '../core/i18n/i18n.ts';

type ViewModule = { default: ComponentType };
type Loader = () => Promise<ViewModule>;

// Spec section 2: paths starting with 'opt' load from one view set, all others from another.
const mainViews = import.meta.glob<ViewModule>('./views/**/index.tsx');
const optViews = import.meta.glob<ViewModule>('./views-opt/**/index.tsx');

/** The areas whose strings load with their pages rather than with the back-office (the workflow's tasks show forms). */
const areaStrings: Record<string, AreaPart[]> = { bpm: ['workflow', 'forms'], forms: ['forms'] };

export function findView(viewSet: 'main' | 'opt', view: string): Loader | undefined {
  const loader = viewSet === 'opt' ? optViews[`./views-opt/${view}/index.tsx`] : mainViews[`./views/${view}/index.tsx`];
  const areas = viewSet === 'main' ? areaStrings[view.split('/')[0] ?? ''] : undefined;
  if (!loader || !areas) return loader;
  return () => Promise.all([loader(), loadAreaStrings(areas)]).then(([module]) => module);
}
