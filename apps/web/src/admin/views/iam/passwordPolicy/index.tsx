import { identityRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { antdRules } from '../../../../core/ui/antdRules.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { useSubmit } from '../../../crud/useSubmit.ts';

const numbers = ['pwdMinLength', 'pwdMaxLength', 'loginAttempts', 'pwdLockTime', 'pwdLifeTime', 'pwdGraceTime'] as const;
const flags = ['isUpCase', 'isLowerCase', 'isNum', 'isSpecialChar'] as const;

export default function PasswordPolicyPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const [form] = Form.useForm();
  const { busy, submit } = useSubmit();
  const policy = useQuery({ queryKey: ['/admin/password-policy'], queryFn: () => api.get('/api/admin/password-policy') });
  useEffect(() => {
    if (policy.data)
      form.setFieldsValue(
        Object.fromEntries(Object.entries(policy.data).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value])),
      );
  }, [policy.data, form]);

  const save = async (values: Record<string, unknown>) => {
    await submit(async () => {
      await api.put('/api/admin/password-policy', { body: values });
      toastSuccess(t('confirm.saved'));
      await policy.refetch();
    });
  };

  return (
    <Card title={t('identity.policyTitle')} style={{ maxWidth: 640 }}>
      <Form
        form={form}
        name="password-policy"
        layout="horizontal"
        labelCol={{ span: 12 }}
        onFinish={(values) => void save(values)}
        disabled={!can('passwordPolicy:edit')}
      >
        {numbers.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`identity.${name}`)}
            rules={antdRules(
              name === 'pwdLifeTime' || name === 'pwdGraceTime' ? identityRules.naturalNumber : identityRules.positiveInteger,
              t,
            )}
          >
            <Input inputMode="numeric" />
          </Form.Item>
        ))}
        {flags.map((name) => (
          <Form.Item key={name} name={name} label={t(`identity.${name}`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
        <Form.Item wrapperCol={{ offset: 12 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('table.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
