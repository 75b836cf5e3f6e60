import type { TFunction } from 'i18next';
import { confirmBox } from '../../core/request/notify.ts';

/** Spec section 9: a consequential action asks first, by default '确定执行该操作吗?'; OK names the action. */
export function confirmAction(t: TFunction, okText: string, content = t('confirm.defaultText')): Promise<boolean> {
  return confirmBox({ title: t('confirm.warningTitle'), content, okText, cancelText: t('table.cancel') });
}
