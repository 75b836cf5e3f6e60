import type { AccountSession } from '@qiming/shared';
import { Button, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';

interface Props<Session extends AccountSession> {
  sessions: Session[];
  onEnd(session: Session): void;
  /** The end button of a row, or something else instead of it (nothing, a 'this session' tag). */
  endCell?: (session: Session, button: ReactNode) => ReactNode;
}

/** Live sessions with when and from where they began, each with an end button (an account's, or one's own). */
export function SessionTable<Session extends AccountSession>({ sessions, onEnd, endCell = (_session, button) => button }: Props<Session>) {
  const { t } = useTranslation();
  return (
    <Table<Session>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={sessions}
      columns={[
        { key: 'createdAt', title: t('field.createdAt'), render: (_value, row) => formatDateTime(row.createdAt) },
        { key: 'ip', dataIndex: 'ip', title: t('field.loginIp') },
        { key: 'userAgent', dataIndex: 'userAgent', title: t('field.userAgent'), ellipsis: true },
        {
          key: 'actions',
          title: t('table.actions'),
          render: (_value, row) =>
            endCell(
              row,
              <Button type="link" size="small" danger onClick={() => onEnd(row)}>
                {t('identity.endSession')}
              </Button>,
            ),
        },
      ]}
    />
  );
}

/** The tag a user's own current session carries instead of an end button. */
export function ThisSessionTag() {
  const { t } = useTranslation();
  return <Tag color="processing">{t('profile.thisSession')}</Tag>;
}
