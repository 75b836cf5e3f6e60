import { EyeOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { type NewsRow, type NewsStatus, newsStatuses, portalRules } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';
import { openPreview } from '../openPreview.ts';

const statusBadges: Record<NewsStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  published: 'success',
  withdrawn: 'warning',
};
const minute = (time: number) => dayjs(time).format('YYYY-MM-DD HH:mm');

/** News: written as drafts with a rich-text body and a cover, previewed on the site, published and withdrawn. */
export default function NewsPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const apiPath = '/admin/portal/news';

  const step = async (row: NewsRow, action: 'publish' | 'withdraw') => {
    if (!(await confirmAction(t, t(`portal.news.${action}`)))) return;
    await api.post(`/api/admin/portal/news/{id}/${action}`, { path: { id: row.id } });
    toastSuccess(t(`portal.news.${action}Done`));
    await queries.invalidateQueries({ queryKey: [apiPath] });
  };

  const resource: ResourceDeclaration<NewsRow> = {
    name: 'portal.news.name',
    apiPath,
    permissions: { create: 'portal:news:add', update: 'portal:news:edit', delete: 'portal:news:delete' },
    // Changing an item the site shows is publishing it (the server refuses it without the grant).
    editable: (row, holds) => row.status !== 'published' || holds('portal:news:publish'),
    columns: [
      { key: 'title', title: 'portal.title', sortable: true },
      {
        key: 'status',
        title: 'portal.news.status',
        render: (row) => <Badge status={statusBadges[row.status]} text={t(`portal.news.statuses.${row.status}`)} />,
      },
      { key: 'pinned', title: 'portal.news.pinned', render: (row) => (row.pinned ? t('identity.yes') : t('identity.no')) },
      { key: 'publishedAt', title: 'portal.news.publishedAt', sortable: true, render: (row) => minute(row.publishedAt) },
      { key: 'updatedAt', title: 'portal.news.updatedAt', sortable: true, render: (row) => (row.updatedAt ? minute(row.updatedAt) : '') },
    ],
    searchFields: [
      { name: 'title', label: 'portal.title' },
      {
        name: 'status',
        label: 'portal.news.status',
        input: 'select',
        options: newsStatuses.map((status) => ({ value: status, label: `portal.news.statuses.${status}` })),
      },
    ],
    formFields: [
      { name: 'title', label: 'portal.title', rules: portalRules.title },
      { name: 'summary', label: 'portal.summary', input: 'textarea', rules: portalRules.summary },
      { name: 'cover', label: 'portal.news.cover', input: 'image', rules: portalRules.image },
      { name: 'publishedAt', label: 'portal.news.publishedAt', input: 'dateTime', rules: portalRules.publishedAt },
      { name: 'pinned', label: 'portal.news.pinned', input: 'select', options: yesNoOptions },
      { name: 'body', label: 'portal.body', input: 'richText', rules: portalRules.newsBody },
    ],
    createValues: () => ({ publishedAt: minute(Date.now()), pinned: 'false', cover: '', body: '' }),
    formValues: (row) => ({ ...row, publishedAt: minute(row.publishedAt), pinned: String(row.pinned) }),
    dialogWidth: 880,
    // A preview link shows unpublished news on the real site: the server asks for the right to publish.
    dialogActions: ({ values, row }) => (
      <Access code="portal:news:publish">
        <Button
          icon={<EyeOutlined />}
          onClick={() => void openPreview(`/admin/portal/news/preview?id=${row?.id ?? 0}`, values(), `/newsDetail?id=${row?.id ?? 0}`)}
        >
          {t('portal.preview')}
        </Button>
      </Access>
    ),
    rowActions: (row) => (
      <Access code="portal:news:publish">
        {row.status === 'published' ? (
          <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void step(row, 'withdraw')}>
            {t('portal.news.withdraw')}
          </Button>
        ) : (
          <Button type="link" size="small" icon={<SendOutlined />} onClick={() => void step(row, 'publish')}>
            {t('portal.news.publish')}
          </Button>
        )}
      </Access>
    ),
  };
  return <ResourceTable resource={resource} />;
}
