import type { ClientErrorRecord } from '@qiming/shared';
import { Typography } from 'antd';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

const clientErrors: ResourceDeclaration<ClientErrorRecord> = {
  name: 'menu.optLog_errorLog',
  apiPath: '/admin/client-errors',
  permissions: {},
  columns: [
    { key: 'createdAt', title: 'field.createdAt', sortable: true, render: (row) => formatDateTime(row.createdAt) },
    { key: 'userName', title: 'field.userName' },
    { key: 'message', title: 'field.message' },
    { key: 'pageUrl', title: 'field.pageUrl' },
    {
      key: 'stack',
      title: 'field.stack',
      render: (row) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }}>{row.stack}</Typography.Paragraph>,
    },
  ],
  searchFields: [{ name: 'message', label: 'field.message' }],
};

/** Errors the web app reported from users' browsers (spec section 8, production error log). */
export default function ErrorLogPage() {
  return <ResourceTable resource={clientErrors} />;
}
