import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { allowListEntry, outboundRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, type FormRule, Input, Space, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { antdRules } from '../../../../core/ui/antdRules.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { alarmPaths, listsIndexed } from '../shared/alarmApi.ts';

/** An allow-list entry checked by the API's own schema, so the form says what the server would. */
function entryRule(t: TFunction): FormRule {
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      const result = allowListEntry.safeParse(value ?? '');
      if (!result.success) throw new Error(t(result.error.issues[0]?.message ?? 'validation.allowListEntry'));
    },
  };
}

/**
 * Where outgoing calls may go (alarm webhooks and e-mail, workflow service tasks) and the SMTP server
 * alarm e-mail leaves through. The password is never shown: the form says whether one is set, and an
 * empty field keeps it.
 */
export default function OutboundSettingsPage() {
  const { t } = useTranslation();
  const editable = useAccess()('outbound:edit');
  const [form] = Form.useForm();
  const { busy, submit } = useSubmit();
  const settings = useQuery({ queryKey: [alarmPaths.settings], queryFn: () => api.get('/api/admin/alarms/settings') });
  useEffect(() => {
    const data = settings.data;
    if (data) form.setFieldsValue({ ...data, smtpPort: String(data.smtpPort), smtpPassword: '' });
  }, [settings.data, form]);

  const save = async (values: Record<string, unknown>) => {
    await submit(async () => {
      await api.put('/api/admin/alarms/settings', { body: listsIndexed({ allowList: [], ...values }) });
      toastSuccess(t('confirm.saved'));
      await settings.refetch();
    });
  };

  return (
    <Form
      form={form}
      name="outbound-settings"
      layout="vertical"
      disabled={!editable}
      onFinish={(values) => void save(values)}
      initialValues={{ allowList: [], smtpPort: '587', smtpSecure: false }}
      style={{ maxWidth: 760 }}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('alarm.allowList')}>
          <Typography.Paragraph type="secondary">{t('alarm.allowListHelp')}</Typography.Paragraph>
          <Form.List name="allowList">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start">
                    <Form.Item name={field.name} rules={[entryRule(t)]} style={{ marginBottom: 8 }}>
                      <Input
                        aria-label={t('alarm.allowListEntry', { n: index + 1 })}
                        placeholder="api.example.com, 203.0.113.7, 10.0.0.0/8"
                        style={{ width: 400 }}
                        data-testid="allow-list-entry"
                      />
                    </Form.Item>
                    {editable && (
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('alarm.removeEntry', { n: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    )}
                  </Space>
                ))}
                {fields.length === 0 && <Typography.Paragraph type="secondary">{t('alarm.allowListEmpty')}</Typography.Paragraph>}
                {editable && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                    {t('alarm.addEntry')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t('alarm.smtp')}>
          <Form.Item name="smtpHost" label={t('alarm.smtpHost')} rules={antdRules(outboundRules.smtpHost, t)}>
            <Input placeholder="smtp.example.com" />
          </Form.Item>
          <Form.Item name="smtpPort" label={t('alarm.smtpPort')} rules={antdRules(outboundRules.smtpPort, t)}>
            <Input inputMode="numeric" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="smtpSecure" label={t('alarm.smtpSecure')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="smtpUser" label={t('alarm.smtpUser')} rules={antdRules(outboundRules.smtpUser, t)}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="smtpPassword"
            label={t('alarm.smtpPassword')}
            rules={antdRules(outboundRules.smtpPassword, t)}
            extra={t(settings.data?.hasSmtpPassword ? 'alarm.passwordSet' : 'alarm.passwordNotSet')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="smtpFrom" label={t('alarm.smtpFrom')} rules={antdRules(outboundRules.smtpFrom, t)}>
            <Input placeholder="alarms@example.com" />
          </Form.Item>
        </Card>
        {editable && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('table.save')}
          </Button>
        )}
      </Space>
    </Form>
  );
}
