import type { FunctionTreeNode, Role } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { organOptions, useOrganTree } from '../shared/organTree.ts';

interface Props {
  role: Role;
  onSaved(): void;
}

interface GrantNode {
  key: string;
  title: string;
  children?: GrantNode[];
}

const treeData = (nodes: FunctionTreeNode[]): GrantNode[] =>
  nodes.map((node) => ({ key: node.key, title: node.title, children: node.children && treeData(node.children) }));

/** Function authorisation: a check-box tree of app, module, function and operation; only operations are stored. */
export function FunctionGrants({ role, onSaved }: Props) {
  const { t } = useTranslation();
  const can = useAccess();
  const tree = useQuery({
    queryKey: ['/admin/roles/function-tree'],
    queryFn: () => http.get<FunctionTreeNode[]>('/admin/roles/function-tree'),
  });
  const granted = useQuery({
    queryKey: ['/admin/roles', role.id, 'operations'],
    queryFn: () => http.get<number[]>(`/admin/roles/${role.id}/operations`),
  });
  const [checked, setChecked] = useState<string[]>([]);
  useEffect(() => setChecked((granted.data ?? []).map((id) => `operation:${id}`)), [granted.data]);
  const editable = can('role:grant') && !role.isSuper;

  const save = async () => {
    const operationIds = checked.filter((key) => key.startsWith('operation:')).map((key) => Number(key.slice('operation:'.length)));
    await http.put(`/admin/roles/${role.id}/operations`, { operationIds });
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
        treeData={treeData(tree.data ?? [])}
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
    queryFn: () => http.get<number[]>(`/admin/roles/${role.id}/organs`),
  });
  const [checked, setChecked] = useState<number[]>([]);
  useEffect(() => setChecked(granted.data ?? []), [granted.data]);
  const editable = can('role:grant') && !role.isSuper;

  const save = async () => {
    await http.put(`/admin/roles/${role.id}/organs`, { organIds: checked });
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
