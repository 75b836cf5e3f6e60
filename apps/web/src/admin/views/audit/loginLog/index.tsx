import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

interface LoginLogRow {
  id: number;
  loginTime: number;
  loginIp: string;
  userName: string;
  result: keyof typeof statuses;
  userAgent: string;
}

const statuses = {
  success: 'success',
  badCredentials: 'warning',
  locked: 'error',
  keyInvalid: 'default',
  ipRefused: 'error',
  expired: 'warning',
  clientOnly: 'default',
} as const;
const results = Object.keys(statuses) as Array<keyof typeof statuses>;

function ResultTag({ result }: { result: LoginLogRow['result'] }) {
  const { t } = useTranslation();
  return <Badge status={statuses[result]} text={t(`loginLog.results.${result}`)} />;
}

const loginLogs: ResourceDeclaration<LoginLogRow> = {
  name: 'menu.audit_loginLog',
  apiPath: '/admin/login-logs',
  permissions: { export: 'loginLog:export' },
  columns: [
    { key: 'loginTime', title: 'field.loginTime', sortable: true, render: (row) => formatDateTime(row.loginTime) },
    { key: 'userName', title: 'field.userName', sortable: true },
    { key: 'loginIp', title: 'field.loginIp' },
    { key: 'result', title: 'field.result', sortable: true, render: (row) => <ResultTag result={row.result} /> },
    { key: 'userAgent', title: 'field.userAgent' },
  ],
  searchFields: [
    { name: 'userName', label: 'field.userName' },
    {
      name: 'result',
      label: 'field.result',
      input: 'select',
      options: results.map((result) => ({ value: result, label: `loginLog.results.${result}` })),
    },
  ],
};

export default function LoginLogPage() {
  return <ResourceTable resource={loginLogs} />;
}
