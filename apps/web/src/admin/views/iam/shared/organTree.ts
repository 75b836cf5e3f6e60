import type { OrganTreeNode } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../core/request/client.ts';

/** The administrative structure: built in, and the one data scopes are measured in. */
export const scopeStructure = 'admin';

export function useOrganTree(struType = scopeStructure) {
  return useQuery({
    queryKey: ['/admin/organs/tree', struType],
    queryFn: () => api.get('/api/admin/organs/tree', { query: { struType } }),
  });
}

export interface OrganOption {
  value: number;
  title: string;
  key: number;
  children: OrganOption[];
}

/** The tree as TreeSelect and Tree options. */
export function organOptions(nodes: OrganTreeNode[]): OrganOption[] {
  return nodes.map((node) => ({ value: node.id, key: node.id, title: node.organName, children: organOptions(node.children) }));
}

export function flattenOrgans(nodes: OrganTreeNode[]): OrganTreeNode[] {
  return nodes.flatMap((node) => [node, ...flattenOrgans(node.children)]);
}
