import type { BpmDefinition } from '@qiming/shared';
import { Modal } from 'antd';
import type { TFunction } from 'i18next';
import { RequestError, request } from '../../core/request/client.ts';
import { toastSuccess } from '../../core/request/notify.ts';
import { confirmAction } from '../crud/confirmAction.ts';
import { bpmPaths } from './bpmApi.ts';

/**
 * Asks, releases the model as a new definition version and says which; a refusal (an element the engine
 * cannot run) is shown in a box that stays, since it names the element to fix. False when nothing was released.
 */
export async function releaseModel(t: TFunction, id: number, name: string): Promise<boolean> {
  if (!(await confirmAction(t, t('bpm.model.release'), t('bpm.model.releaseConfirm', { name })))) return false;
  try {
    const definition = await request<BpmDefinition>({ method: 'POST', url: `${bpmPaths.models}/${id}/release`, quiet: true });
    toastSuccess(t('bpm.model.released', { key: definition.key, version: definition.version }));
    return true;
  } catch (error) {
    Modal.error({
      title: t('bpm.model.releaseRefused'),
      content: error instanceof RequestError ? error.message : String(error),
      okText: t('bpm.common.ok'),
    });
    return false;
  }
}
