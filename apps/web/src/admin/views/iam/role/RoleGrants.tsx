import type { FunctionTreeNode, Role } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tree } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { builtInAppCode, builtInName, type NamedLevel } from '../../system/function/builtInNames.ts';
import { flattenOrgans, organOptions, useOrganTree } from '../shared/organTree.ts';

interface Props {
  role: Role;
  onSaved(): void;
}

interface GrantNode {
  key: string;
  title: string;
  children?: GrantNode[];
}

/** A node's name: Qiming's own entries in the reader's language, an imported app's as its model gives them. */
function nodeTitle(node: FunctionTreeNode, builtIn: boolean, t: TFunction): string {
  const level = node.key.slice(0, node.key.indexOf(':')) as NamedLevel;
  const name = builtIn ? builtInName(t, level, node.code, node.title) : node.title;
  return level === 'operation' ? `${name} (${node.code})` : name;
}

/** The function model as check-box tree nodes; an app's nodes are built in when the app is Qiming. */
export const functionTreeData = (nodes: FunctionTreeNode[], t: TFunction, builtIn?: boolean): GrantNode[] =>
  nodes.map((node) => {
    const isBuiltIn = builtIn ?? node.code === builtInAppCode;
    return {
      key: node.key,
      title: nodeTitle(node, isBuiltIn, t),
      children: node.children && functionTreeData(node.children, t, isBuiltIn),
    };
  });

const operationKeys = (nodes: FunctionTreeNode[]): string[] =>
  nodes.flatMap((node) => (node.operationId === undefined ? operationKeys(node.children ?? []) : [node.key]));

/** Function authorisation: a check-box tree of app, module, function and operation; only operations are stored. */
export function FunctionGrants({ role, onSaved }: Props) {
  const { t } = useTranslation();
  const can = useAccess();
  const tree = useQuery({
    queryKey: ['/admin/roles/function-tree'],
    queryFn: () => api.get('/api/admin/roles/function-tree'),
  });
  const granted = useQuery({
    queryKey: ['/admin/roles', role.id, 'operations'],
    queryFn: () => api.get('/api/admin/roles/{id}/operations', { path: { id: role.id } }),
  });
  const [checked, setChecked] = useState<string[]>([]);
  // The super role holds every operation without grants: shown all ticked, and not to be changed.
  useEffect(
    () => setChecked(role.isSuper ? operationKeys(tree.data ?? []) : (granted.data ?? []).map((id) => `operation:${id}`)),
    [granted.data, tree.data, role.isSuper],
  );
  const editable = can('role:grant') && !role.isSuper;

  const save = async () => {
    const operationIds = checked.filter((key) => key.startsWith('operation:')).map((key) => Number(key.slice('operation:'.length)));
    await api.put('/api/admin/roles/{id}/operations', { path: { id: role.id }, body: { operationIds } });
    toastSuccess(t('identity.saved'));
    onSaved();
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Tree
        aria-label={t('identity.functionAuth')}
        checkable
        disabled={!editable}
        defaultExpandAll
        key={tree.data ? 'loaded' : 'loading'}
        treeData={functionTreeData(tree.data ?? [], t)}
        checkedKeys={checked}
        onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
      {editable && (
        <Button type="primary" onClick={() => void save()}>
          {t('table.save')}
        </Button>
      )}
    </Space>
  );
}

/** Data authorisation: the organs (with their subtrees) whose data the role's operations reach. */
export function DataGrants({ role, onSaved }: Props) {
  const { t } = useTranslation();
  const can = useAccess();
  const organs = useOrganTree();
  const granted = useQuery({
    queryKey: ['/admin/roles', role.id, 'organs'],
    queryFn: () => api.get('/api/admin/roles/{id}/organs', { path: { id: role.id } }),
  });
  const [checked, setChecked] = useState<number[]>([]);
  // The super role reaches every organ without grants.
  useEffect(
    () => setChecked(role.isSuper ? flattenOrgans(organs.data ?? []).map((organ) => organ.id) : (granted.data ?? [])),
    [granted.data, organs.data, role.isSuper],
  );
  const editable = can('role:grant') && !role.isSuper;

  const save = async () => {
    await api.put('/api/admin/roles/{id}/organs', { path: { id: role.id }, body: { organIds: checked } });
    toastSuccess(t('identity.saved'));
    onSaved();
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Tree
        aria-label={t('identity.dataAuth')}
        checkable
        checkStrictly
        disabled={!editable}
        defaultExpandAll
        key={organs.data ? 'loaded' : 'loading'}
        treeData={organOptions(organs.data ?? [])}
        checkedKeys={checked}
        onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
      />
      {editable && (
        <Button type="primary" onClick={() => void save()}>
          {t('table.save')}
        </Button>
      )}
    </Space>
  );
}
