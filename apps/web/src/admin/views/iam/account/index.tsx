import { KeyOutlined, LockOutlined, SafetyOutlined, TeamOutlined, UnlockOutlined } from '@ant-design/icons';
import { type Account, identityRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess, toastWarning } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';
import { organOptions, useOrganTree } from '../shared/organTree.ts';
import { AuthoriseDialog, ResetPasswordDialog, SessionsList } from './AccountDialogs.tsx';

export default function AccountPage() {
  const { t } = useTranslation();
  const tree = organOptions(useOrganTree().data ?? []);
  const staff = useQuery({ queryKey: ['/admin/staff', 'all'], queryFn: () => api.get('/api/admin/staff') });
  const [generation, setGeneration] = useState(0);
  const [sessionsOf, setSessionsOf] = useState<Account | null>(null);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [authorising, setAuthorising] = useState<number[] | null>(null);

  const setLocked = async (account: Account, locked: boolean) => {
    if (!(await confirmAction(t, t(locked ? 'identity.lockAction' : 'identity.unlock')))) return;
    await api.post(locked ? '/api/admin/accounts/{id}/lock' : '/api/admin/accounts/{id}/unlock', { path: { id: account.id } });
    toastSuccess(t('confirm.success'));
    setGeneration((value) => value + 1);
  };

  const accounts: ResourceDeclaration<Account> = {
    name: 'identity.account',
    apiPath: '/admin/accounts',
    permissions: { create: 'account:add', update: 'account:edit', delete: 'account:delete', export: 'account:export' },
    columns: [
      { key: 'userName', title: 'identity.userName', sortable: true },
      { key: 'name', title: 'identity.name', sortable: true },
      { key: 'organName', title: 'field.organ' },
      {
        key: 'userStatus',
        title: 'identity.userStatus',
        render: (row) => <Tag color={row.userStatus === 'lock' ? 'error' : 'success'}>{t(`identity.${row.userStatus}`)}</Tag>,
      },
      { key: 'administrator', title: 'identity.isAdmin', render: (row) => t(row.administrator ? 'identity.yes' : 'identity.no') },
      { key: 'authStrategy', title: 'identity.authStrategy', render: (row) => t(`identity.strategies.${row.authStrategy}`) },
    ],
    searchFields: [
      { name: 'userName', label: 'identity.userName' },
      { name: 'name', label: 'identity.name' },
      {
        name: 'userStatus',
        label: 'identity.userStatus',
        input: 'select',
        options: [
          { value: 'normal', label: 'identity.normal' },
          { value: 'lock', label: 'identity.lock' },
        ],
      },
    ],
    formFields: [
      { name: 'userName', label: 'identity.userName', rules: identityRules.userName, readOnlyOnEdit: true },
      { name: 'name', label: 'identity.name', rules: identityRules.name },
      { name: 'password', label: 'identity.password', input: 'password', createOnly: true, rules: identityRules.name },
      { name: 'confirmPassword', label: 'identity.confirmPassword', input: 'password', createOnly: true, rules: identityRules.name },
      { name: 'organId', label: 'field.organ', input: 'tree', tree },
      {
        name: 'staff',
        label: 'identity.employee',
        input: 'select',
        options: (staff.data?.records ?? []).map((employee) => ({
          value: String(employee.id),
          label: `${employee.staffName} (${employee.staffCode})`,
        })),
      },
      { name: 'administrator', label: 'identity.isAdmin', input: 'select', options: yesNoOptions },
      { name: 'manageRange', label: 'identity.manageRange', input: 'tree', tree },
      { name: 'maxSessionNumber', label: 'identity.maxSessionNumber', rules: identityRules.maxSessionNumber },
      { name: 'isUseIpChecked', label: 'identity.isUseIpChecked', input: 'select', options: yesNoOptions },
      { name: 'ipPolicy', label: 'identity.ipPolicy', rules: identityRules.ipPolicy },
      {
        name: 'authStrategy',
        label: 'identity.authStrategy',
        input: 'select',
        options: [
          { value: 'password', label: 'identity.strategies.password' },
          { value: 'clientOnly', label: 'identity.strategies.clientOnly' },
        ],
      },
    ],
    formValues: (row) => ({
      ...row,
      administrator: String(row.administrator),
      // The employee choices carry string values, as every select of the kit does.
      staff: row.staff === null ? undefined : String(row.staff),
      isUseIpChecked: String(row.isUseIpChecked),
      maxSessionNumber: String(row.maxSessionNumber),
    }),
    rowActions: (row) => (
      <>
        <Access code="account:edit">
          {row.userStatus === 'lock' ? (
            <Button type="link" size="small" icon={<UnlockOutlined />} onClick={() => void setLocked(row, false)}>
              {t('identity.unlock')}
            </Button>
          ) : (
            <Button type="link" size="small" icon={<LockOutlined />} onClick={() => void setLocked(row, true)}>
              {t('identity.lockAction')}
            </Button>
          )}
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(row)}>
            {t('identity.resetPassword')}
          </Button>
        </Access>
        <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setSessionsOf(row)}>
          {t('identity.sessions')}
        </Button>
      </>
    ),
    toolbar: ({ selected }) => (
      <Access code="role:grant">
        <Button
          icon={<SafetyOutlined />}
          onClick={() => (selected.length > 0 ? setAuthorising(selected) : toastWarning(t('validation.nothingSelected')))}
        >
          {t('identity.authorise')}
        </Button>
      </Access>
    ),
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ResourceTable key={generation} resource={accounts} />
      <Drawer
        title={sessionsOf ? t('identity.sessionsOf', { name: sessionsOf.userName }) : ''}
        open={sessionsOf !== null}
        onClose={() => setSessionsOf(null)}
        size={760}
        destroyOnHidden
      >
        {sessionsOf && <SessionsList account={sessionsOf} />}
      </Drawer>
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
      <AuthoriseDialog accountIds={authorising} onClose={() => setAuthorising(null)} />
    </Space>
  );
}
