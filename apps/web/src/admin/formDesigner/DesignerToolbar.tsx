import { ArrowLeftOutlined, CloudUploadOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access } from '../crud/Access.tsx';
import styles from './formDesigner.module.css';

export const designerModes = ['design', 'desktop', 'mobile'] as const;
export type DesignerMode = (typeof designerModes)[number];

interface Props {
  title: string;
  mode: DesignerMode;
  onMode(mode: DesignerMode): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  saving: boolean;
  /** Grant that saving needs: adding a form, or changing one. */
  saveCode: string;
  onBack(): void;
  onSave(): void;
  onPublish(): void;
}

/** Back, undo and redo, design or preview, save and publish. */
export function DesignerToolbar(props: Props) {
  const { t } = useTranslation();
  return (
    <header className={styles.toolbar}>
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={props.onBack}>
          {t('formDesigner.back')}
        </Button>
        <h2 className={styles.title}>{props.title}</h2>
      </Space>
      <Space wrap>
        <Button
          icon={<UndoOutlined />}
          disabled={!props.canUndo}
          onClick={props.onUndo}
          aria-label={t('formDesigner.undo')}
          title={t('formDesigner.undo')}
        />
        <Button
          icon={<RedoOutlined />}
          disabled={!props.canRedo}
          onClick={props.onRedo}
          aria-label={t('formDesigner.redo')}
          title={t('formDesigner.redo')}
        />
        <Radio.Group
          aria-label={t('formDesigner.view')}
          optionType="button"
          value={props.mode}
          onChange={(event) => props.onMode(event.target.value)}
          options={designerModes.map((mode) => ({ value: mode, label: t(`formDesigner.modes.${mode}`) }))}
        />
        <Access code={props.saveCode}>
          <Button type="primary" icon={<SaveOutlined />} loading={props.saving} onClick={props.onSave}>
            {t('formDesigner.save')}
          </Button>
        </Access>
        <Access code="form:publish">
          <Button icon={<CloudUploadOutlined />} disabled={props.saving} onClick={props.onPublish}>
            {t('formDesigner.publish')}
          </Button>
        </Access>
      </Space>
    </header>
  );
}
