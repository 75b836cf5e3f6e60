import { KeyOutlined, UserOutlined } from '@ant-design/icons';
import { type Language, type LoginLogRecord, languages, type OwnSession, profileRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCurrentUser } from '../../../core/auth/session.ts';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { changeLanguage, languageNames } from '../../../core/i18n/i18n.ts';
import { api } from '../../../core/request/client.ts';
import { toastSuccess } from '../../../core/request/notify.ts';
import { useUserStore } from '../../../core/stores/userStore.ts';
import { antdRules } from '../../../core/ui/antdRules.ts';
import { confirmAction } from '../../crud/confirmAction.ts';
import { ImageInput } from '../../crud/ImageInput.tsx';
import { ResourceTable } from '../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../crud/resource.ts';
import { useSubmit } from '../../crud/useSubmit.ts';
import { EditPasswordDialog } from '../../layout/EditPasswordDialog.tsx';
import { LoginResultTag } from '../audit/loginResult.tsx';
import { SessionTable, ThisSessionTag } from '../iam/shared/SessionTable.tsx';

const ownSignIns: ResourceDeclaration<LoginLogRecord> = {
  name: 'profile.history',
  apiPath: '/admin/current/login-logs',
  permissions: {},
  columns: [
    { key: 'loginTime', title: 'field.loginTime', sortable: true, render: (row) => formatDateTime(row.loginTime) },
    { key: 'loginIp', title: 'field.loginIp' },
    { key: 'result', title: 'field.result', sortable: true, render: (row) => <LoginResultTag result={row.result} /> },
    { key: 'userAgent', title: 'field.userAgent' },
  ],
};

function AccountCard() {
  const { t, i18n } = useTranslation();
  const user = useUserStore((state) => state.user);
  const [form] = Form.useForm<{ name: string; introduction: string }>();
  const { busy, submit } = useSubmit();
  const [changingPassword, setChangingPassword] = useState(false);
  const save = (values: { name: string; introduction: string }) =>
    submit(async () => {
      await api.put('/api/admin/current/profile', { body: { name: values.name, introduction: values.introduction ?? '' } });
      await loadCurrentUser();
      toastSuccess(t('confirm.saved'));
    });
  const setAvatar = (avatar: string) =>
    submit(async () => {
      await api.put('/api/admin/current/avatar', { body: { avatar } });
      await loadCurrentUser();
      toastSuccess(t('confirm.saved'));
    });
  return (
    <Card title={t('profile.account')}>
      <Space align="start" size="large" wrap>
        <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} alt={user?.name} />
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('profile.userName')}>{user?.userName}</Descriptions.Item>
          <Descriptions.Item label={t('profile.roles')}>
            {user?.roles.map((role) => (
              <Tag key={role}>{role}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Space>
      <Form
        form={form}
        name="profile"
        layout="vertical"
        initialValues={{ name: user?.name, introduction: user?.introduction }}
        onFinish={(values) => void save(values)}
        style={{ marginTop: 16, maxWidth: 560 }}
      >
        <Form.Item label={t('profile.avatar')} htmlFor="profile-avatar">
          <ImageInput id="profile-avatar" value={user?.avatar} onChange={(url) => void setAvatar(url)} disabled={busy} />
        </Form.Item>
        <Form.Item name="name" label={t('profile.name')} rules={antdRules(profileRules.name, t)}>
          <Input />
        </Form.Item>
        <Form.Item name="introduction" label={t('profile.introduction')} rules={antdRules(profileRules.introduction, t)}>
          <Input.TextArea rows={3} showCount maxLength={500} />
        </Form.Item>
        <Form.Item label={t('profile.language')}>
          <Select
            aria-label={t('profile.language')}
            value={i18n.language as Language}
            onChange={(language: Language) => void changeLanguage(language)}
            options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('table.save')}
          </Button>
          <Button icon={<KeyOutlined />} onClick={() => setChangingPassword(true)}>
            {t('profile.changePassword')}
          </Button>
        </Space>
      </Form>
      <EditPasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </Card>
  );
}

function OwnSessionsCard() {
  const { t } = useTranslation();
  const sessions = useQuery({
    queryKey: ['/admin/current/sessions'],
    queryFn: () => api.get('/api/admin/current/sessions').then((page) => page.records),
  });
  const end = async (session: OwnSession) => {
    if (!(await confirmAction(t, t('identity.endSession'), t('profile.endAsk')))) return;
    await api.post('/api/admin/current/sessions/{sessionId}/end', { path: { sessionId: session.id } });
    toastSuccess(t('confirm.success'));
    await sessions.refetch();
  };
  return (
    <Card title={t('profile.sessions')}>
      <SessionTable
        sessions={sessions.data ?? []}
        onEnd={(session) => void end(session)}
        endCell={(session, button) => (session.current ? <ThisSessionTag /> : button)}
      />
    </Card>
  );
}

/** One's own account: name, introduction, language, password, sessions and sign-in history. */
export default function Profile() {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <AccountCard />
      </Col>
      <Col xs={24} xl={12}>
        <OwnSessionsCard />
      </Col>
      <Col span={24}>
        <Card title={t('profile.history')}>
          <ResourceTable resource={ownSignIns} />
        </Card>
      </Col>
    </Row>
  );
}
