import { BellOutlined } from '@ant-design/icons';
import type { AlarmNotification } from '@qiming/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatTimeAgo } from '../../core/i18n/formatTimeAgo.ts';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { api } from '../../core/request/client.ts';
import { usePermissionStore } from '../../core/stores/permissionStore.ts';
import { useUserStore } from '../../core/stores/userStore.ts';
import { alarmPaths } from '../views/monitor/shared/alarmApi.ts';
import { AlarmLevelTag, AlarmStatusTag } from '../views/monitor/shared/alarmTags.tsx';
import styles from './alarmBell.module.css';

export const notificationPollMs = 15_000;
const historyPath = '/monitor/alarmEvent';

const hasRoute = (routes: AppRoute[], path: string): boolean =>
  routes.some((route) => route.path === path || hasRoute(route.children ?? [], path));

function NotificationItem({ notification, onRead }: { notification: AlarmNotification; onRead(id: number): void }) {
  const { t } = useTranslation();
  return (
    <li className={notification.read ? styles.item : `${styles.item} ${styles.unread}`}>
      <button type="button" className={styles.itemButton} onClick={() => !notification.read && onRead(notification.id)}>
        {!notification.read && <span className={styles.hidden}>{t('alarm.bell.unread')}</span>}
        <Space size={4} wrap>
          <AlarmLevelTag level={notification.level} />
          <AlarmStatusTag status={notification.phase} />
          {notification.read ? <span>{notification.ruleName}</span> : <strong>{notification.ruleName}</strong>}
        </Space>
        <span className={styles.detail}>
          {notification.target} · {formatTimeAgo(t, notification.createdAt)}
        </span>
      </button>
    </li>
  );
}

/**
 * The header's alarm bell: the caller's unread alarm notifications, read every 15 s while the browser
 * tab is in view (TanStack Query pauses intervals in a hidden tab), the latest in a popover.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const signedIn = useUserStore((state) => state.user !== null);
  const canSeeHistory = usePermissionStore((state) => hasRoute(state.routes, historyPath));
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const notifications = useQuery({
    queryKey: [alarmPaths.notifications],
    queryFn: () => api.get('/api/admin/notifications', { quiet: true }),
    enabled: signedIn,
    refetchInterval: notificationPollMs,
  });
  const unread = notifications.data?.unread ?? 0;
  const records = notifications.data?.records ?? [];

  const markRead = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch {
      // The request client has told the user why.
    }
    await queries.invalidateQueries({ queryKey: [alarmPaths.notifications] });
  };
  const readOne = (id: number) => void markRead(() => api.post('/api/admin/notifications/read', { body: { ids: [id] } }));
  const readAll = () => void markRead(() => api.post('/api/admin/notifications/read-all'));

  const content = (
    <div className={styles.panel}>
      {records.length === 0 ? (
        <p className={styles.empty}>{t('alarm.bell.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {records.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onRead={readOne} />
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        {canSeeHistory ? (
          <Link to={historyPath} onClick={() => setOpen(false)}>
            {t('alarm.bell.history')}
          </Link>
        ) : (
          <span />
        )}
        <Button size="small" onClick={readAll} disabled={unread === 0}>
          {t('alarm.bell.markAllRead')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('alarm.bell.title')} content={content} open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label={t('alarm.bell.label', { count: unread })} data-testid="alarm-bell" data-unread={unread}>
        {/* antd's red badge reaches 3.3:1 under white digits; red-7 reaches 5.6:1. */}
        <Badge count={unread} size="small" color="#cf1322" overflowCount={99}>
          <BellOutlined className={styles.bellIcon} />
        </Badge>
      </Button>
    </Popover>
  );
}
