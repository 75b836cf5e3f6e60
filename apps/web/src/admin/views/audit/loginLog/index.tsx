import { type LoginLogRecord, loginResults } from '@qiming/shared';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { LoginResultTag } from '../loginResult.tsx';

const loginLogs: ResourceDeclaration<LoginLogRecord> = {
  name: 'menu.audit_loginLog',
  apiPath: '/admin/login-logs',
  permissions: { export: 'loginLog:export' },
  columns: [
    { key: 'loginTime', title: 'field.loginTime', sortable: true, render: (row) => formatDateTime(row.loginTime) },
    { key: 'userName', title: 'field.userName', sortable: true },
    { key: 'loginIp', title: 'field.loginIp' },
    { key: 'result', title: 'field.result', sortable: true, render: (row) => <LoginResultTag result={row.result} /> },
    { key: 'userAgent', title: 'field.userAgent' },
  ],
  searchFields: [
    { name: 'userName', label: 'field.userName' },
    {
      name: 'result',
      label: 'field.result',
      input: 'select',
      options: loginResults.map((result) => ({ value: result, label: `loginLog.results.${result}` })),
    },
  ],
};

export default function LoginLogPage() {
  return <ResourceTable resource={loginLogs} />;
}
