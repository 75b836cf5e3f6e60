import type { AlarmEventStatus, AlarmLevel, DeliveryStatus } from '@qiming/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { cautionTagStyle } from '../../../../core/ui/tagStyles.ts';

/** An alarm's level in the colour of its urgency: blue, orange, red. */
export function AlarmLevelTag({ level }: { level: AlarmLevel }) {
  const { t } = useTranslation();
  const label = t(`alarm.levels.${level}`);
  if (level === 'serious') return <Tag style={cautionTagStyle}>{label}</Tag>;
  return <Tag color={level === 'urgent' ? 'red' : 'blue'}>{label}</Tag>;
}

/** Firing (red) or resolved (green): an alarm event's state, or what a message told. */
export function AlarmStatusTag({ status }: { status: AlarmEventStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'firing' ? 'error' : 'success'}>{t(`alarm.statuses.${status}`)}</Tag>;
}

const deliveryColours: Record<DeliveryStatus, string> = { pending: 'processing', sent: 'success', failed: 'error' };

export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return <Tag color={deliveryColours[status]}>{t(`alarm.deliveryStatuses.${status}`)}</Tag>;
}
