import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type FormFieldKind, type Form as FormRecord, formInput, formSchemaInput } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../core/request/client.ts';
import { confirmBox, toastSuccess } from '../../core/request/notify.ts';
import { formsPath } from '../formRenderer/formRunApi.ts';
import { Canvas } from './Canvas.tsx';
import { type DesignerMode, DesignerToolbar } from './DesignerToolbar.tsx';
import { designerCollision, dropPlace } from './designerDrag.ts';
import { describeProblems } from './designProblems.ts';
import { FormSettings, type SettingsValues } from './FormSettings.tsx';
import type { FieldActions } from './fieldActions.ts';
import { fieldNaming } from './fieldNaming.ts';
import { formApi } from './formApi.ts';
import styles from './formDesigner.module.css';
import { kindIcons } from './kindIcons.tsx';
import { localizedLabel } from './localizedLabel.ts';
import { Palette } from './Palette.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { ProblemList } from './ProblemList.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { confirmAndPublish } from './publishForm.ts';
import {
  addField,
  copyField,
  deleteField,
  findField,
  fromSchema,
  keysOf,
  levelOf,
  moveField,
  newField,
  type Place,
  toSchema,
  updateField,
} from './schemaEditing.ts';
import { useDesignHistory } from './useDesignHistory.ts';

interface Props {
  /** The form to change; a new one when absent. */
  formId?: number;
  onClose(): void;
  /** After every save or publication, for the list to show it. */
  onSaved(): void;
}

const blankSettings: SettingsValues = { name: '', description: '', modelName: '', action: '', url: '' };

function Workspace({ form, onClose, onSaved }: { form?: FormRecord } & Omit<Props, 'formId'>) {
  const { t } = useTranslation();
  const [settingsForm] = Form.useForm<SettingsValues>();
  const history = useDesignHistory(() => fromSchema(form?.field ?? { fields: [] }));
  const { design, change } = history;
  const [savedDesign, setSavedDesign] = useState(design);
  const [settingsChanged, setSettingsChanged] = useState(false);
  const [formId, setFormId] = useState(form?.id);
  const [selected, setSelected] = useState<string>();
  const [mode, setMode] = useState<DesignerMode>('design');
  // Problems are shown from the first attempt to save on, and follow every change after it.
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [draggedKind, setDraggedKind] = useState<FormFieldKind>();
  const dirty = design !== savedDesign || settingsChanged;
  const schema = useMemo(() => toSchema(design), [design]);
  const schemaCheck = checked ? formSchemaInput.safeParse(schema) : undefined;
  const problems = schemaCheck?.error ? describeProblems(schemaCheck.error.issues, design, t) : [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const addKind = (kind: FormFieldKind, place: Place = {}) => {
    const field = newField(kind, keysOf(levelOf(design, place.parent)), fieldNaming);
    const next = addField(design, field, place);
    if (next === design) return;
    change(() => next);
    setSelected(field.uid);
  };

  const actions: FieldActions = {
    selected,
    problems,
    select: setSelected,
    copy: (uid) => {
      const copied = copyField(design, uid);
      change(() => copied.design);
      setSelected(copied.uid);
    },
    remove: (uid) => change((current) => deleteField(current, uid)),
    addColumn: (table, kind) => addKind(kind, { parent: table }),
  };

  /** Checks with the shared rules, then saves; the saved form, or undefined with the problems shown. */
  const save = async (): Promise<FormRecord | undefined> => {
    setChecked(true);
    setRefusal(undefined);
    const parsed = formInput.safeParse({ ...blankSettings, ...settingsForm.getFieldsValue(true), field: schema });
    await settingsForm.validateFields().catch(() => undefined);
    if (!parsed.success) {
      const firstField = describeProblems(
        parsed.error.issues.filter((issue) => issue.path[0] === 'field').map((issue) => ({ ...issue, path: issue.path.slice(1) })),
        design,
        t,
      ).find((problem) => problem.uid);
      if (firstField?.uid) setSelected(firstField.uid);
      return undefined;
    }
    setSaving(true);
    try {
      const saved = formId === undefined ? await formApi.create(parsed.data) : await formApi.update(formId, parsed.data);
      setFormId(saved.id);
      setSavedDesign(design);
      setSettingsChanged(false);
      toastSuccess(t('formDesigner.saved'));
      onSaved();
      return saved;
    } catch (error) {
      setRefusal(error instanceof RequestError ? error.message : String(error));
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    const saved = dirty || formId === undefined ? await save() : { id: formId, name: settingsForm.getFieldValue('name') as string };
    if (!saved) return;
    try {
      if (await confirmAndPublish(t, saved)) onSaved();
    } catch {
      // The request client has told the user why.
    }
  };

  const leave = async () => {
    const sure =
      !dirty ||
      (await confirmBox({
        title: t('formDesigner.leaveTitle'),
        content: t('formDesigner.leaveText'),
        okText: t('formDesigner.leave'),
        cancelText: t('table.cancel'),
      }));
    if (sure) onClose();
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDraggedKind(undefined);
    if (!over) return;
    const kind = active.data.current?.kind as FormFieldKind | undefined;
    if (!kind) {
      change((current) => moveField(current, String(active.id), String(over.id)));
      return;
    }
    const place = dropPlace(design, over.id);
    if (place) addKind(kind, place);
  };

  const nameOf = (id: UniqueIdentifier | undefined) => {
    const text = String(id ?? '');
    if (text.startsWith('palette:')) return t(`formDesigner.kinds.${text.slice('palette:'.length)}`);
    if (text.startsWith('sub:')) {
      const table = findField(design, text.slice('sub:'.length))?.field;
      return table ? t('formDesigner.columnsOf', { label: localizedLabel(table.label, table.key) }) : '';
    }
    if (text === 'canvas') return t('formDesigner.canvas');
    const field = findField(design, text)?.field;
    return field ? localizedLabel(field.label, field.key) : t('formDesigner.dnd.nowhere');
  };

  const found = selected ? findField(design, selected) : undefined;

  return (
    <div className={styles.designer}>
      <DesignerToolbar
        title={form ? t('formDesigner.designing', { name: form.name }) : t('formDesigner.newForm')}
        mode={mode}
        onMode={setMode}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={history.undo}
        onRedo={history.redo}
        saving={saving}
        saveCode={formId === undefined ? 'form:add' : 'form:edit'}
        onBack={() => void leave()}
        onSave={() => void save()}
        onPublish={() => void publish()}
      />
      {refusal && (
        <Alert type="error" showIcon className={styles.problems} title={t('formDesigner.problems.refused', { message: refusal })} />
      )}
      {problems.length > 0 && <ProblemList problems={problems} design={design} onGoTo={setSelected} />}
      <FormSettings form={settingsForm} initialValues={form ?? blankSettings} onChange={() => setSettingsChanged(true)} />
      <DndContext
        sensors={sensors}
        collisionDetection={designerCollision}
        onDragStart={({ active }) => setDraggedKind(active.data.current?.kind as FormFieldKind | undefined)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDraggedKind(undefined)}
        accessibility={{
          screenReaderInstructions: { draggable: t('formDesigner.dnd.instructions') },
          announcements: {
            onDragStart: ({ active }) => t('formDesigner.dnd.picked', { label: nameOf(active.id) }),
            onDragOver: ({ active, over }) => t('formDesigner.dnd.over', { label: nameOf(active.id), place: nameOf(over?.id) }),
            onDragEnd: ({ active, over }) => t('formDesigner.dnd.dropped', { label: nameOf(active.id), place: nameOf(over?.id) }),
            onDragCancel: ({ active }) => t('formDesigner.dnd.cancelled', { label: nameOf(active.id) }),
          },
        }}
      >
        <div className={styles.workspace}>
          <Palette onAdd={(kind) => addKind(kind)} />
          {mode === 'design' ? <Canvas design={design} actions={actions} /> : <PreviewPane schema={schema} layout={mode} />}
          <section className={styles.propertiesPane} aria-label={t('formDesigner.properties')}>
            <h2 className={styles.paneTitle}>{t('formDesigner.properties')}</h2>
            {found ? (
              <PropertiesPanel
                key={found.field.uid}
                field={found.field}
                siblings={levelOf(design, found.parent)}
                problems={problems}
                onChange={(fieldChange, group) => change((current) => updateField(current, found.field.uid, fieldChange), group)}
              />
            ) : (
              <p className={styles.note}>{t('formDesigner.noSelection')}</p>
            )}
          </section>
        </div>
        <DragOverlay>
          {draggedKind && (
            <div className={styles.dragChip}>
              {kindIcons[draggedKind]} {t(`formDesigner.kinds.${draggedKind}`)}
            </div>
          )}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

/** The form designer: settings, a palette, a canvas and the selected field's properties, with undo and a live preview. */
export default function FormDesigner({ formId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  // Always read afresh: another author may have changed the form since the list was shown.
  const loaded = useQuery({
    queryKey: [formsPath, formId],
    queryFn: () => formApi.get(formId as number),
    enabled: formId !== undefined,
    gcTime: 0,
  });
  if (formId === undefined) return <Workspace onClose={onClose} onSaved={onSaved} />;
  if (loaded.data) return <Workspace form={loaded.data} onClose={onClose} onSaved={onSaved} />;
  if (loaded.isError)
    return <Result status="warning" title={loaded.error.message} extra={<Button onClick={onClose}>{t('formDesigner.back')}</Button>} />;
  return <Spin size="large" className={styles.loading} />;
}
