import { skipToken, useQuery } from '@tanstack/react-query';
import { Button, Calendar, Card, Empty, Space, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { organOptions, useOrganTree } from '../../iam/shared/organTree.ts';
import styles from './calendar.module.css';

/** An organ's month: click a day to switch it between working day and holiday; mark a month's weekends at once. */
export default function WorkCalendarPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const organs = useOrganTree();
  const [organId, setOrganId] = useState<number | null>(null);
  const [month, setMonth] = useState(dayjs());
  const pickerId = useId();
  const monthText = month.format('YYYY-MM');
  const days = useQuery({
    queryKey: ['/admin/work-calendar', organId, monthText],
    queryFn:
      organId === null
        ? skipToken
        : () => api.get('/api/admin/work-calendar/{organId}', { path: { organId }, query: { month: monthText } }),
  });
  const byDate = new Map((days.data ?? []).map((day) => [day.solarDate, day.isWorking]));

  const toggle = async (date: Dayjs) => {
    const key = date.format('YYYY-MM-DD');
    if (organId === null || !can('calendar:edit') || !byDate.has(key)) return;
    await api.put('/api/admin/work-calendar/{organId}', { path: { organId }, body: { dates: [key], isWorking: !byDate.get(key) } });
    await days.refetch();
  };
  const markWeekends = async () => {
    if (organId === null || !(await confirmAction(t, t('identity.markWeekends')))) return;
    await api.post('/api/admin/work-calendar/{organId}/weekends', { path: { organId }, body: { month: monthText } });
    toastSuccess(t('confirm.success'));
    await days.refetch();
  };

  return (
    <Card
      title={t('menu.system_calendar')}
      extra={
        <Space>
          <label htmlFor={pickerId}>{t('identity.chooseOrgan')}</label>
          <TreeSelect
            id={pickerId}
            style={{ minWidth: 220 }}
            treeDefaultExpandAll
            treeData={organOptions(organs.data ?? [])}
            value={organId ?? undefined}
            onChange={(value) => setOrganId(value ?? null)}
          />
        </Space>
      }
    >
      {organId === null ? (
        <Empty description={t('identity.chooseOrgan')} />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            {can('calendar:edit') && <Button onClick={() => void markWeekends()}>{t('identity.markWeekends')}</Button>}
            <Typography.Text type="secondary">{t('identity.toggleHint')}</Typography.Text>
          </Space>
          <Calendar
            value={month}
            onPanelChange={(value) => setMonth(value)}
            onSelect={(value, info) => (info.source === 'date' ? void toggle(value) : setMonth(value))}
            fullCellRender={(date, info) => {
              if (info.type !== 'date') return info.originNode;
              const key = date.format('YYYY-MM-DD');
              const working = byDate.get(key);
              return (
                <div className={working === false ? styles.holiday : styles.day} data-date={key}>
                  <div>{date.date()}</div>
                  {working !== undefined && <small>{t(working ? 'identity.working' : 'identity.holiday')}</small>}
                </div>
              );
            }}
          />
        </>
      )}
    </Card>
  );
}
