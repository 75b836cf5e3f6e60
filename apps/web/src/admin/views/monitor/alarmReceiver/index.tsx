import { SendOutlined } from '@ant-design/icons';
import {
  type AlarmReceiver,
  alarmReceiverKinds,
  alarmReceiverRules,
  type FieldRule,
  isEmpty,
  patterns,
  requiredSelect,
  requiredText,
} from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access, useAccess } from '../../../crud/Access.tsx';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';
import { alarmPaths, listsIndexed } from '../shared/alarmApi.ts';
import { type InputProps, wide } from '../shared/alarmInputs.tsx';

const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** A list typed entry by entry: Enter, a comma or a space ends one. */
function TextListInput({ value, onChange, id, options }: InputProps & { options?: Array<{ value: string; label: string }> }) {
  return (
    <Select
      id={id}
      mode="tags"
      style={wide}
      tokenSeparators={[',', ' ', ';']}
      value={listOf(value)}
      onChange={(next) => onChange?.(next)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

function EmailsInput(props: InputProps) {
  return <TextListInput {...props} />;
}

function UserNamesInput(props: InputProps) {
  return <TextListInput {...props} />;
}

/** Role codes chosen from the roles (for users who may read them) or typed. */
function RoleCodesInput(props: InputProps) {
  const canReadRoles = useAccess()('role:view');
  const roles = useQuery({
    queryKey: ['/admin/roles', 'all'],
    queryFn: () => api.get('/api/admin/roles', { query: { limit: 500 }, quiet: true }),
    enabled: canReadRoles,
  });
  const options = (roles.data?.records ?? []).map((role) => ({ value: role.roleCode, label: `${role.roleName} (${role.roleCode})` }));
  return <TextListInput {...props} options={options} />;
}

/** The webhook's signing secret: never shown; empty keeps the one stored, which the form says is there. */
function SecretInput({ value, onChange, id }: InputProps) {
  const { t } = useTranslation();
  const hasSecret = Form.useWatch('hasSecret', { form: Form.useFormInstance(), preserve: true }) === true;
  const noteId = `${id ?? 'secret'}-note`;
  return (
    <>
      <Input.Password
        id={id}
        autoComplete="new-password"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange?.(event.target.value)}
        aria-describedby={hasSecret ? noteId : undefined}
      />
      {hasSecret && (
        <Typography.Text type="secondary" id={noteId}>
          {t('alarm.secretKept')}
        </Typography.Text>
      )}
    </>
  );
}

const requiredList: FieldRule = { message: 'validation.required', required: true, test: (value) => !isEmpty(value) };
const emailList: FieldRule = { message: 'validation.email', test: (value) => listOf(value).every((email) => patterns.email.test(email)) };
const kindIs = (kind: AlarmReceiver['kind']) => (values: Record<string, unknown>) => values.kind === kind;

/** Alarm receivers: e-mail addresses, a webhook, or accounts that see alarms in the header bell. */
export default function AlarmReceiversPage() {
  const { t } = useTranslation();
  const [testing, setTesting] = useState<number | null>(null);

  const sendTest = async (receiver: AlarmReceiver) => {
    setTesting(receiver.id);
    try {
      await api.post('/api/admin/alarms/receivers/{id}/test', { path: { id: receiver.id } });
      toastSuccess(t('alarm.testSent', { name: receiver.receiverName }));
    } catch {
      // The request client has shown the server's reason (refused address, SMTP not set up, ...).
    } finally {
      setTesting(null);
    }
  };

  const destination = (row: AlarmReceiver) => {
    if (row.kind === 'email') return row.emails.join(', ');
    if (row.kind === 'webhook') return row.hasSecret ? `${row.url} (${t('alarm.signed')})` : row.url;
    return [
      row.roleCodes.length > 0 ? `${t('alarm.roleCodes')}: ${row.roleCodes.join(', ')}` : '',
      row.userNames.length > 0 ? `${t('alarm.userNames')}: ${row.userNames.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  };

  const resource: ResourceDeclaration<AlarmReceiver> = {
    name: 'alarm.receiver',
    apiPath: alarmPaths.receivers,
    permissions: { create: 'alarmReceiver:edit', update: 'alarmReceiver:edit', delete: 'alarmReceiver:edit' },
    columns: [
      { key: 'receiverName', title: 'alarm.receiverName' },
      { key: 'kind', title: 'alarm.receiverKind', render: (row) => t(`alarm.receiverKinds.${row.kind}`) },
      { key: 'url', title: 'alarm.destination', render: destination },
      { key: 'enabled', title: 'alarm.enabled', render: (row) => t(row.enabled ? 'identity.yes' : 'identity.no') },
      { key: 'updatedAt', title: 'alarm.updatedAt', render: (row) => formatDateTime(row.updatedAt) },
    ],
    formFields: [
      { name: 'receiverName', label: 'alarm.receiverName', rules: alarmReceiverRules.receiverName },
      {
        name: 'kind',
        label: 'alarm.receiverKind',
        input: 'select',
        options: alarmReceiverKinds.map((kind) => ({ value: kind, label: `alarm.receiverKinds.${kind}` })),
        rules: requiredSelect(),
      },
      { name: 'emails', label: 'alarm.emails', component: EmailsInput, rules: [requiredList, emailList], shownWhen: kindIs('email') },
      { name: 'url', label: 'alarm.url', rules: [...requiredText(), ...alarmReceiverRules.url], shownWhen: kindIs('webhook') },
      { name: 'secret', label: 'alarm.secret', component: SecretInput, rules: alarmReceiverRules.secret, shownWhen: kindIs('webhook') },
      { name: 'roleCodes', label: 'alarm.roleCodes', component: RoleCodesInput, shownWhen: kindIs('inApp') },
      { name: 'userNames', label: 'alarm.userNames', component: UserNamesInput, shownWhen: kindIs('inApp') },
      { name: 'enabled', label: 'alarm.enabled', input: 'select', options: yesNoOptions },
    ],
    createValues: () => ({ kind: 'email', emails: [], url: '', secret: '', roleCodes: [], userNames: [], enabled: 'true' }),
    formValues: (row) => ({ ...row, secret: '', enabled: String(row.enabled) }),
    submitValues: listsIndexed,
    dialogWidth: 640,
    rowActions: (row) => (
      <Access code="alarmReceiver:test">
        <Button type="link" size="small" icon={<SendOutlined />} loading={testing === row.id} onClick={() => void sendTest(row)}>
          {t('alarm.sendTest')}
        </Button>
      </Access>
    ),
  };
  return <ResourceTable resource={resource} />;
}
