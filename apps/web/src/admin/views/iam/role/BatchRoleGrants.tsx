import { useQuery } from '@tanstack/react-query';
import { Checkbox, Modal, Space, Tree, type TreeDataNode } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess, toastWarning } from '../../../../core/request/notify.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { organOptions, useOrganTree } from '../shared/organTree.ts';
import { functionTreeData } from './RoleGrants.tsx';

export type BatchKind = 'functions' | 'data';

interface Props {
  kind: BatchKind;
  roleIds: number[] | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * Batch function or data authorisation: the ticked operations or organs are added to every selected
 * role (or, ticked "take away", removed from each), whatever else each role holds staying as it is.
 */
export function BatchRoleGrants({ kind, roleIds, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { busy, submit } = useSubmit();
  const [checked, setChecked] = useState<Key[]>([]);
  const [revoke, setRevoke] = useState(false);
  const functions = useQuery({
    queryKey: ['/admin/roles/function-tree'],
    queryFn: () => api.get('/api/admin/roles/function-tree'),
    enabled: kind === 'functions' && roleIds !== null,
  });
  const organs = useOrganTree();
  const treeData: TreeDataNode[] = kind === 'functions' ? functionTreeData(functions.data ?? [], t) : organOptions(organs.data ?? []);

  const save = () => {
    const ids =
      kind === 'functions'
        ? checked
            .map(String)
            .filter((key) => key.startsWith('operation:'))
            .map((key) => Number(key.slice('operation:'.length)))
        : checked.map(Number);
    if (ids.length === 0) {
      toastWarning(t('identity.batchNothingTicked'));
      return;
    }
    return submit(async () => {
      if (kind === 'functions') await api.post('/api/admin/roles/operations/batch', { body: { roleIds, operationIds: ids, revoke } });
      else await api.post('/api/admin/roles/organs/batch', { body: { roleIds, organIds: ids, revoke } });
      toastSuccess(t('identity.saved'));
      onSaved();
      onClose();
    });
  };

  return (
    <Modal
      title={t(kind === 'functions' ? 'identity.batchFunctionTitle' : 'identity.batchDataTitle', { count: roleIds?.length ?? 0 })}
      open={roleIds !== null}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okText={t('table.save')}
      cancelText={t('table.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => {
        setChecked([]);
        setRevoke(false);
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {/* Scrolled by its box rather than virtualised, so every entry can be found by name. */}
        <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
          <Tree
            aria-label={t(kind === 'functions' ? 'identity.functionAuth' : 'identity.dataAuth')}
            checkable
            checkStrictly={kind === 'data'}
            defaultExpandAll
            key={treeData.length > 0 ? 'loaded' : 'loading'}
            treeData={treeData}
            checkedKeys={checked}
            onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
          />
        </div>
        <Checkbox checked={revoke} onChange={(event) => setRevoke(event.target.checked)}>
          {t('identity.batchRevoke')}
        </Checkbox>
      </Space>
    </Modal>
  );
}
