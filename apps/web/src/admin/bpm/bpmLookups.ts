import type { BpmLookupOption } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/request/client.ts';
import { bpmApi, bpmPaths } from './bpmApi.ts';

// The pickers ask quietly: a refused lookup leaves a picker that still takes a typed name.

/** An option shown as "Name (code)", the code being what BPMN writes. */
export const lookupLabel = (option: BpmLookupOption) =>
  option.label && option.label !== option.value ? `${option.label} (${option.value})` : option.value;

/** Accounts (by user name) whose name or user name holds the text, for the modeller's assignee and candidate users. */
export function useBpmAccounts(text: string) {
  return useQuery({
    queryKey: [bpmPaths.models, 'lookup', 'accounts', text],
    queryFn: () => bpmApi.modelAccounts(text),
    staleTime: 30_000,
    retry: false,
  });
}

/** Roles (by code) whose name or code holds the text, for the modeller's candidate groups. */
export function useBpmRoles(text: string) {
  return useQuery({
    queryKey: [bpmPaths.models, 'lookup', 'roles', text],
    queryFn: () => bpmApi.modelRoles(text),
    staleTime: 30_000,
    retry: false,
  });
}

/** Accounts in the caller's scope that a task may be re-assigned to. */
export function useAssignableAccounts(text: string, enabled: boolean) {
  return useQuery({
    queryKey: [bpmPaths.tasks, 'lookup', 'accounts', text],
    queryFn: () => bpmApi.assignableAccounts(text),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

/** Published cloud forms, for a user task's form key. */
export function usePublishedForms() {
  return useQuery({
    queryKey: ['/admin/forms/published'],
    queryFn: () => api.get('/api/admin/forms/published', { quiet: true }),
    staleTime: 60_000,
    retry: false,
  });
}

/** Enabled plugin buttons, for the buttons a user task offers. */
export function useBpmPluginButtons() {
  return useQuery({
    queryKey: [bpmPaths.pluginButtons, 'all'],
    queryFn: async () => (await bpmApi.pluginButtons()).records.filter((button) => button.enabled),
    staleTime: 60_000,
    retry: false,
  });
}
