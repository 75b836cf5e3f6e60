import type { BpmRelease } from '@qiming/shared';
import { Modal } from 'antd';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { RequestError, request } from '../../core/request/client.ts';
import { toastSuccess } from '../../core/request/notify.ts';
import { confirmAction } from '../crud/confirmAction.ts';
import { bpmPaths } from './bpmApi.ts';

/**
 * Asks, releases the model as a new definition version and says which; a refusal (an element the engine
 * cannot run) is shown in a box that stays, since it names the element to fix, and so are the release's warnings
 * and the file's other processes released with it. False when nothing was released.
 */
export async function releaseModel(t: TFunction, id: number, name: string): Promise<boolean> {
  if (!(await confirmAction(t, t('bpm.model.release'), t('bpm.model.releaseConfirm', { name })))) return false;
  try {
    const release = await request<BpmRelease>({ method: 'POST', url: `${bpmPaths.models}/${id}/release`, quiet: true });
    const released = t('bpm.model.released', { key: release.key, version: release.version });
    const others = release.others ?? [];
    const warnings = release.warnings ?? [];
    if (warnings.length === 0 && others.length === 0) {
      toastSuccess(released);
      return true;
    }
    // Warnings name what the file keeps but the engine does not use: they stay on screen to be read.
    const keys = others.map((other) => t('bpm.model.released', { key: other.key, version: other.version })).join(', ');
    Modal.warning({
      title: t('bpm.release.warningsTitle'),
      content: createElement(
        'div',
        null,
        createElement('p', null, released),
        others.length > 0 && createElement('p', null, t('bpm.release.others', { keys })),
        createElement(
          'ul',
          null,
          warnings.map((warning) => createElement('li', { key: warning }, warning)),
        ),
      ),
      okText: t('bpm.common.ok'),
      width: 640,
    });
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
