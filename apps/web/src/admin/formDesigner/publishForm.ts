import type { TFunction } from 'i18next';
import { toastSuccess } from '../../core/request/notify.ts';
import { confirmAction } from '../crud/confirmAction.ts';
import { formApi } from './formApi.ts';

/** Asks first, freezes the draft as the next version and says which; the version, or undefined when declined. */
export async function confirmAndPublish(t: TFunction, form: { id: number; name: string }): Promise<number | undefined> {
  if (!(await confirmAction(t, t('formDesigner.publish'), t('formDesigner.publishConfirm', { name: form.name })))) return undefined;
  const { version } = await formApi.publish(form.id);
  toastSuccess(t('formDesigner.published', { name: form.name, version }));
  return version;
}
