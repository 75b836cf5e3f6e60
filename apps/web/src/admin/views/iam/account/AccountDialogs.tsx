import type { Account, AccountSession } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { SessionTable } from '../shared/SessionTable.tsx';

export function SessionsList({ account }: { account: Account }) {
  const { t } = useTranslation();
  const sessions = useQuery({
    queryKey: ['/admin/accounts', account.id, 'sessions'],
    queryFn: () => api.get('/api/admin/accounts/{id}/sessions', { path: { id: account.id } }).then((page) => page.records),
  });
  const end = async (session: AccountSession) => {
    if (!(await confirmAction(t, t('identity.endSession')))) return;
    await api.post('/api/admin/accounts/{id}/sessions/{sessionId}/end', { path: { id: account.id, sessionId: session.id } });
    toastSuccess(t('confirm.success'));
    await sessions.refetch();
  };
  return (
    <SessionTable
      sessions={sessions.data ?? []}
      onEnd={(session) => void end(session)}
      endCell={(_session, button) => <Access code="account:edit">{button}</Access>}
    />
  );
}

export function ResetPasswordDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const { busy, submit } = useSubmit();
  const save = (values: { password: string; confirmPassword: string }) =>
    submit(async () => {
      if (!account) return;
      await api.post('/api/admin/accounts/{id}/password', { path: { id: account.id }, body: values });
      toastSuccess(t('confirm.saved'));
      onClose();
    });
  return (
    <Modal
      title={t('identity.resetPassword')}
      open={account !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('table.save')}
      cancelText={t('table.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} name="reset-password" layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="password" label={t('identity.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('identity.confirmPassword')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AuthoriseDialog({ accountIds, onClose }: { accountIds: number[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleIds: number[]; revoke: boolean }>();
  const { busy: saving, submit } = useSubmit();
  const roles = useQuery({
    queryKey: ['/admin/roles', 'all'],
    queryFn: () => api.get('/api/admin/roles', { query: { limit: 500 } }),
    enabled: accountIds !== null,
  });
  const save = (values: { roleIds: number[]; revoke: boolean }) =>
    submit(async () => {
      await api.post('/api/admin/roles/authorise', { body: { accountIds, roleIds: values.roleIds, revoke: Boolean(values.revoke) } });
      toastSuccess(t('confirm.saved'));
      onClose();
    });
  return (
    <Modal
      title={t('identity.authoriseTitle', { count: accountIds?.length ?? 0 })}
      open={accountIds !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okText={t('table.save')}
      cancelText={t('table.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} name="authorise" layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="roleIds" label={t('identity.roles')} rules={[{ required: true, message: t('validation.selectRequired') }]}>
          <Select mode="multiple" options={(roles.data?.records ?? []).map((role) => ({ value: role.id, label: role.roleName }))} />
        </Form.Item>
        <Form.Item name="revoke" valuePropName="checked">
          <Checkbox>{t('identity.revoke')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
