import type { InstanceState } from '@qiming/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { cautionTagStyle } from '../../../core/ui/tagStyles.ts';

const colours: Record<Exclude<InstanceState, 'suspended'>, string> = { running: 'processing', completed: 'success', terminated: 'error' };

export function InstanceStateTag({ state }: { state: InstanceState }) {
  const { t } = useTranslation();
  const label = t(`bpm.monitor.states.${state}`);
  return state === 'suspended' ? <Tag style={cautionTagStyle}>{label}</Tag> : <Tag color={colours[state]}>{label}</Tag>;
}
