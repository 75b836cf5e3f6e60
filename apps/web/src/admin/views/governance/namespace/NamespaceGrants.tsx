import type { GrantableRole, Namespace, NamespaceGrant } from '@qiming/shared';
import { Alert, Button, Modal, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { namespaceLabel } from '../shared/namespaces.tsx';

type Access = NamespaceGrant['access'];

/**
 * Which roles read or write a namespace through the registry, the config centre and the Nacos API, as
 * Nacos's RBAC grants a role a namespace with `r` or `rw`. A role granted no namespace reaches every one.
 */
export function NamespaceGrants({ namespace, onClose }: { namespace: Namespace | null; onClose(): void }) {
  const { t } = useTranslation();
  const [grants, setGrants] = useState<NamespaceGrant[]>([]);
  const [roles, setRoles] = useState<GrantableRole[]>([]);
  const [adding, setAdding] = useState<number | undefined>();
  const { busy, submit } = useSubmit();

  useEffect(() => {
    if (!namespace) return;
    setAdding(undefined);
    void api.get('/api/admin/namespaces/{id}/grants', { path: { id: namespace.id } }).then((answer) => {
      setGrants(answer.grants);
      setRoles(answer.roles);
    });
  }, [namespace]);

  const setAccess = (roleId: number, access: Access) =>
    setGrants((current) => current.map((grant) => (grant.roleId === roleId ? { ...grant, access } : grant)));
  const addRole = (roleId: number) => {
    const role = roles.find((candidate) => candidate.id === roleId);
    if (role) setGrants((current) => [...current, { roleId, roleCode: role.roleCode, roleName: role.roleName, access: 'read' }]);
    setAdding(undefined);
  };
  const save = async () => {
    if (!namespace) return;
    const saved = await submit(() =>
      api.put('/api/admin/namespaces/{id}/grants', {
        path: { id: namespace.id },
        body: { grants: grants.map(({ roleId, access }) => ({ roleId, access })) },
        json: true,
      }),
    );
    if (saved) {
      toastSuccess(t('namespaceGrants.saved'));
      onClose();
    }
  };

  const accessOptions = (['read', 'write'] as const).map((access) => ({ value: access, label: t(`namespaceGrants.access.${access}`) }));
  const ungranted = roles.filter((role) => !grants.some((grant) => grant.roleId === role.id));

  return (
    <Modal
      title={namespace ? t('namespaceGrants.title', { namespace: namespaceLabel(namespace, t) }) : ''}
      open={namespace !== null}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okText={t('namespaceGrants.save')}
      cancelText={t('table.cancel')}
      width={640}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('namespaceGrants.explain')} />
        <Table<NamespaceGrant>
          rowKey="roleId"
          size="small"
          pagination={false}
          dataSource={grants}
          locale={{ emptyText: t('namespaceGrants.none') }}
          columns={[
            { key: 'role', title: t('namespaceGrants.role'), render: (_, grant) => `${grant.roleName} (${grant.roleCode})` },
            {
              key: 'access',
              title: t('namespaceGrants.accessTitle'),
              width: 170,
              render: (_, grant) => (
                <Select
                  aria-label={t('namespaceGrants.accessTitle')}
                  value={grant.access}
                  options={accessOptions}
                  onChange={(access) => setAccess(grant.roleId, access)}
                  style={{ width: 150 }}
                />
              ),
            },
            {
              key: 'remove',
              width: 90,
              render: (_, grant) => (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setGrants((current) => current.filter((kept) => kept.roleId !== grant.roleId))}
                >
                  {t('namespaceGrants.remove')}
                </Button>
              ),
            },
          ]}
        />
        <Select<number>
          aria-label={t('namespaceGrants.addRole')}
          placeholder={t('namespaceGrants.addRole')}
          value={adding}
          options={ungranted.map((role) => ({ value: role.id, label: `${role.roleName} (${role.roleCode})` }))}
          onChange={addRole}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
        />
      </Space>
    </Modal>
  );
}
