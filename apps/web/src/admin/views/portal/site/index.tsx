import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { portalRules, type SiteSettings } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { antdRules } from '../../../../core/ui/antdRules.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { FieldInput } from '../../../crud/FieldInput.tsx';
import type { FieldDeclaration } from '../../../crud/resource.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { openPreview } from '../openPreview.ts';

type Key = keyof SiteSettings;
const imageKeys: Key[] = ['publicAccountQr', 'contactQr', 'heroImage'];
const field = (name: Key, input?: FieldDeclaration['input']): FieldDeclaration => ({
  name,
  label: `portal.site.${name}`,
  rules: portalRules[imageKeys.includes(name) ? 'image' : (name as Exclude<Key, 'publicAccountQr' | 'contactQr' | 'heroImage'>)],
  input,
});

/** The settings in the groups an editor thinks in; the home page's hero is its slogan, text, picture and figures. */
const groups: Array<{ title: string; fields: FieldDeclaration[] }> = [
  {
    title: 'portal.site.company',
    fields: [field('companyName'), field('shortName'), field('slogan'), field('heroText', 'textarea'), field('keyFigures', 'textarea')],
  },
  {
    title: 'portal.site.contacts',
    fields: [field('address'), field('mailbox'), field('landline'), field('mobile'), field('consultationPhone'), field('workingHours')],
  },
  { title: 'portal.site.filing', fields: [field('filingNumber'), field('filingUrl')] },
  { title: 'portal.site.images', fields: [field('heroImage', 'image'), field('publicAccountQr', 'image'), field('contactQr', 'image')] },
  { title: 'portal.site.map', fields: [field('mapLongitude'), field('mapLatitude'), field('amapKey'), field('amapSecurityCode')] },
];

/** Site settings: what the header, footer, side panel and contact page show, previewed before saving. */
export default function SiteSettingsPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const [form] = Form.useForm<SiteSettings>();
  const settings = useQuery({ queryKey: ['/admin/portal/site'], queryFn: () => api.get('/api/admin/portal/site') });
  const { busy, submit } = useSubmit();
  const editable = can('portal:site:edit');

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  if (!settings.data) return <Skeleton active />;
  const save = (values: SiteSettings) =>
    submit(async () => {
      await api.put('/api/admin/portal/site', { body: values });
      toastSuccess(t('confirm.saved'));
      await settings.refetch();
    });
  const preview = async () => {
    // An invalid form shows its messages and previews nothing.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    await openPreview('/admin/portal/site/preview', { ...form.getFieldsValue(true), ...values }, '/homePage');
  };

  return (
    <Form form={form} name="portal-site" layout="vertical" onFinish={(values) => void save(values)} disabled={!editable}>
      <Row gutter={16}>
        {groups.map((group) => (
          <Col key={group.title} xs={24} lg={12}>
            <Card title={t(group.title)} size="small" style={{ marginBottom: 16 }}>
              {group.fields.map((declared) => (
                <Form.Item key={declared.name} name={declared.name} label={t(declared.label)} rules={antdRules(declared.rules ?? [], t)}>
                  <FieldInput field={declared} />
                </Form.Item>
              ))}
            </Card>
          </Col>
        ))}
      </Row>
      {editable && (
        <Space>
          <Button icon={<EyeOutlined />} onClick={() => void preview()}>
            {t('portal.preview')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy}>
            {t('table.save')}
          </Button>
        </Space>
      )}
    </Form>
  );
}
