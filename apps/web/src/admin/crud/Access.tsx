import type { ReactNode } from 'react';
import { usePermissionStore } from '../../core/stores/permissionStore.ts';

/** Whether the user holds the action; a resource that names no code for an action does not offer it. */
export function useAccess(): (code: string | undefined) => boolean {
  const actions = usePermissionStore((state) => state.actions);
  return (code) => code !== undefined && actions.has(code);
}

/** Shows its children only to users granted the action; a convenience, the server refuses anyway. */
export function Access({ code, children }: { code: string | undefined; children: ReactNode }) {
  return useAccess()(code) ? children : null;
}
