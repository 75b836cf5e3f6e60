import { brokenPasswordRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../core/request/client.ts';
import { toastSuccess } from '../../core/request/notify.ts';
import { useSubmit } from '../crud/useSubmit.ts';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes the own password; the policy is checked here for speed and on the server for real. */
/** `forced`: shown after a sign-in with an expired password; it cannot be dismissed, only completed. */
export function EditPasswordDialog({ open, onClose, forced = false }: { open: boolean; onClose(): void; forced?: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const { busy: saving, submit } = useSubmit();
  const policy = useQuery({
    queryKey: ['password-policy'],
    queryFn: () => api.get('/api/admin/current/password-policy'),
    enabled: open,
  });

  const save = async (values: PasswordForm) => {
    await submit(async () => {
      await api.put('/api/admin/current/password', { body: values });
      toastSuccess(t('profile.changed'));
      form.resetFields();
      onClose();
    });
  };

  const describe = (rules: ReturnType<typeof brokenPasswordRules>) => rules.map((rule) => t(rule.key, rule.params)).join(', ');
  const everyRule = policy.data ? describe(brokenPasswordRules(policy.data, '')) : '';

  return (
    <Modal
      title={t('route.editPassword')}
      open={open}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      keyboard={!forced}
      onOk={() => form.submit()}
      okText={t('table.save')}
      cancelText={t('table.cancel')}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {forced && <Typography.Paragraph strong>{t('identity.mustChangePassword')}</Typography.Paragraph>}
      {everyRule && (
        <Typography.Paragraph type="secondary">
          {t('profile.policy')}: {everyRule}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.newPassword')}
          rules={[
            { required: true, message: t('login.passwordRequired') },
            {
              validator: async (_rule, value: string) => {
                const broken = policy.data && value ? brokenPasswordRules(policy.data, value) : [];
                if (broken.length > 0) throw new Error(t('error.passwordPolicy', { rules: describe(broken) }));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('profile.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('login.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
