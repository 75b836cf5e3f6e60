import { ApartmentOutlined, AppstoreOutlined } from '@ant-design/icons';
import { identityRules, type Role } from '@qiming/shared';
import { Button, Drawer, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { organOptions, useOrganTree } from '../shared/organTree.ts';
import { type BatchKind, BatchRoleGrants } from './BatchRoleGrants.tsx';
import { DataGrants, FunctionGrants } from './RoleGrants.tsx';

type Panel = { kind: 'functions' | 'data'; role: Role } | null;

export default function RolePage() {
  const { t } = useTranslation();
  const tree = organOptions(useOrganTree().data ?? []);
  const [panel, setPanel] = useState<Panel>(null);
  const [generation, setGeneration] = useState(0);
  const [batch, setBatch] = useState<{ kind: BatchKind; roleIds: number[] } | null>(null);
  const startBatch = (kind: BatchKind, selected: number[]) =>
    selected.length > 0 ? setBatch({ kind, roleIds: selected }) : toastWarning(t('validation.nothingSelected'));

  const roles: ResourceDeclaration<Role> = {
    name: 'identity.role',
    apiPath: '/admin/roles',
    permissions: { create: 'role:add', update: 'role:edit', delete: 'role:delete' },
    columns: [
      { key: 'roleCode', title: 'identity.roleCode', sortable: true },
      { key: 'roleName', title: 'identity.roleName', sortable: true },
      { key: 'roleType', title: 'identity.roleType', render: (row) => t(`identity.types.${row.roleType}`) },
      { key: 'roleScope', title: 'identity.roleScope', render: (row) => t(`identity.scopes.${row.roleScope}`) },
      { key: 'positionType', title: 'identity.positionType' },
      { key: 'accountCount', title: 'identity.accountCount', width: 90 },
    ],
    searchFields: [
      { name: 'roleCode', label: 'identity.roleCode' },
      { name: 'roleName', label: 'identity.roleName' },
    ],
    formFields: [
      { name: 'roleCode', label: 'identity.roleCode', rules: identityRules.code },
      { name: 'roleName', label: 'identity.roleName', rules: identityRules.name },
      { name: 'positionType', label: 'identity.positionType' },
      {
        name: 'roleScope',
        label: 'identity.roleScope',
        input: 'select',
        options: [
          { value: 'global', label: 'identity.scopes.global' },
          { value: 'organ', label: 'identity.scopes.organ' },
        ],
      },
      { name: 'belongToOrgan', label: 'identity.belongToOrgan', input: 'tree', tree },
    ],
    toolbar: ({ selected }) => (
      <Access code="role:grant">
        <Button icon={<AppstoreOutlined />} onClick={() => startBatch('functions', selected)}>
          {t('identity.batchFunctionAuth')}
        </Button>
        <Button icon={<ApartmentOutlined />} onClick={() => startBatch('data', selected)}>
          {t('identity.batchDataAuth')}
        </Button>
      </Access>
    ),
    rowActions: (row) => (
      <>
        <Button type="link" size="small" icon={<AppstoreOutlined />} onClick={() => setPanel({ kind: 'functions', role: row })}>
          {t('identity.functionAuth')}
        </Button>
        <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setPanel({ kind: 'data', role: row })}>
          {t('identity.dataAuth')}
        </Button>
      </>
    ),
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ResourceTable key={generation} resource={roles} />
      <Drawer
        title={
          panel ? t(panel.kind === 'functions' ? 'identity.functionAuthOf' : 'identity.dataAuthOf', { name: panel.role.roleName }) : ''
        }
        open={panel !== null}
        onClose={() => setPanel(null)}
        size={640}
        destroyOnHidden
      >
        {panel?.kind === 'functions' && <FunctionGrants role={panel.role} onSaved={() => setGeneration((value) => value + 1)} />}
        {panel?.kind === 'data' && <DataGrants role={panel.role} onSaved={() => setGeneration((value) => value + 1)} />}
      </Drawer>
      <BatchRoleGrants
        kind={batch?.kind ?? 'functions'}
        roleIds={batch?.roleIds ?? null}
        onClose={() => setBatch(null)}
        onSaved={() => setGeneration((value) => value + 1)}
      />
    </Space>
  );
}
