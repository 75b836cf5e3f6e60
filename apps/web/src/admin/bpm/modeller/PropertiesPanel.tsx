import type { BpmLookupOption } from '@qiming/shared';
import { Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupLabel, useBpmAccounts, useBpmPluginButtons, useBpmRoles, usePublishedForms } from '../bpmLookups.ts';
import {
  conditionExpression,
  formIdOf,
  formKeyOf,
  isDueDate,
  joinNames,
  type MultiInstanceSettings,
  readExtensionProperties,
  readMultiInstance,
  readUserTask,
  settingsKindOf,
  splitNames,
} from './elementSettings.ts';
import styles from './modeller.module.css';
import type { DiagramElement, ModellerServices } from './modellerServices.ts';
import { serviceUrlProperty, taskButtonsProperty } from './taskExtensions.ts';
import { writeAttributes, writeCondition, writeExtensionProperty, writeMultiInstance } from './writeSettings.ts';

interface Props {
  element: DiagramElement;
  services: ModellerServices;
}

/** A text setting written when the input is left (or Enter pressed), so typing makes one undo step. */
function TextSetting({
  id,
  label,
  value,
  onCommit,
  check,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  onCommit: (value: string) => void;
  /** The problem with a value, if any; a value with one is not written. */
  check?: (value: string) => string | undefined;
  multiline?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const problem = check?.(draft);
  const commit = () => {
    if (draft !== value && !problem) onCommit(draft.trim());
  };
  const common = {
    id,
    value: draft,
    'aria-invalid': problem ? true : undefined,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
  };
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={problem ? 'error' : undefined} help={problem}>
      {multiline ? <Input.TextArea {...common} autoSize={{ minRows: 2 }} /> : <Input {...common} onPressEnter={commit} />}
    </Form.Item>
  );
}

const idPattern = /^[A-Za-z_][\w.-]*$/;

/** The BPMN settings the engine uses, for the selected element (or the process when nothing is selected). */
export function PropertiesPanel({ element, services }: Props) {
  const { t } = useTranslation();
  const business = element.businessObject;
  const kind = settingsKindOf(element.type);
  const key = element.id;

  const checkId = (value: string) => {
    if (!idPattern.test(value)) return t('bpm.props.idInvalid');
    if (value !== element.id && services.elementRegistry.get(value)) return t('bpm.props.idTaken');
    return undefined;
  };

  return (
    <Form layout="vertical" size="small" className={styles.panel} aria-label={t('bpm.props.title')} component="section">
      <Typography.Title level={5}>
        {t('bpm.props.title')}: {t(`bpm.elementTypes.${kind}`)}
      </Typography.Title>
      <TextSetting
        key={`${key}-id`}
        id="bpm-prop-id"
        label={kind === 'process' ? t('bpm.props.processKey') : t('bpm.props.id')}
        value={String(business.id ?? '')}
        check={checkId}
        onCommit={(id) => services.modeling.updateProperties(element, { id })}
      />
      <TextSetting
        key={`${key}-name`}
        id="bpm-prop-name"
        label={t('bpm.props.name')}
        value={String(business.name ?? '')}
        onCommit={(name) => services.modeling.updateProperties(element, { name: name || undefined })}
      />
      {kind === 'userTask' && <UserTaskSettings element={element} services={services} />}
      {kind === 'sequenceFlow' && (
        <TextSetting
          key={`${key}-condition`}
          id="bpm-prop-condition"
          label={t('bpm.props.condition')}
          value={String((business.get('conditionExpression') as { body?: string } | undefined)?.body ?? '')}
          multiline
          onCommit={(text) => writeCondition(services, element, conditionExpression(text))}
        />
      )}
      {kind === 'sequenceFlow' && <Typography.Paragraph type="secondary">{t('bpm.props.conditionHelp')}</Typography.Paragraph>}
      {kind === 'serviceTask' && (
        <TextSetting
          key={`${key}-url`}
          id="bpm-prop-url"
          label={t('bpm.props.endpointUrl')}
          value={readExtensionProperties(business)[serviceUrlProperty] ?? ''}
          check={(value) => (value === '' || /^https?:\/\/\S+$/.test(value) ? undefined : t('bpm.props.urlInvalid'))}
          onCommit={(url) => writeExtensionProperty(services, element, serviceUrlProperty, url)}
        />
      )}
      {kind === 'serviceTask' && (
        <TextSetting
          key={`${key}-topic`}
          id="bpm-prop-topic"
          label={t('bpm.release.externalTopic')}
          value={business.get('camunda:type') === 'external' ? String(business.get('camunda:topic') ?? '') : ''}
          onCommit={(topic) => writeAttributes(services, element, { 'camunda:type': topic ? 'external' : '', 'camunda:topic': topic })}
        />
      )}
      {kind === 'serviceTask' && <Typography.Paragraph type="secondary">{t('bpm.release.externalTopicHelp')}</Typography.Paragraph>}
      {element.type === 'bpmn:CallActivity' && (
        <TextSetting
          key={`${key}-called`}
          id="bpm-prop-called"
          label={t('bpm.release.calledElement')}
          value={String(business.get('calledElement') ?? '')}
          check={(value) => (value === '' || idPattern.test(value) ? undefined : t('bpm.props.idInvalid'))}
          onCommit={(calledElement) => writeAttributes(services, element, { calledElement })}
        />
      )}
      {(kind === 'process' || kind === 'userTask' || kind === 'serviceTask') && (
        // A plain note: the link's blue on an info alert's tint stays under 4.5:1.
        <Typography.Paragraph type="secondary">
          {t('bpm.props.listenersNote')} <a href="#/bpm/listener">{t('bpm.props.listenersLink')}</a>
        </Typography.Paragraph>
      )}
    </Form>
  );
}

function UserTaskSettings({ element, services }: Props) {
  const { t } = useTranslation();
  const business = element.businessObject;
  const settings = readUserTask(business);
  const multi = readMultiInstance(business);
  const buttons = splitNames(readExtensionProperties(business)[taskButtonsProperty]);
  const [accountText, setAccountText] = useState('');
  const [roleText, setRoleText] = useState('');
  const accounts = useBpmAccounts(accountText);
  const roles = useBpmRoles(roleText);
  const forms = usePublishedForms();
  const pluginButtons = useBpmPluginButtons();
  const key = element.id;

  // What is written stays offered even when the lookup does not list it (another page of names, or no grant).
  const optionsOf = (found: BpmLookupOption[] | undefined, chosen: string[]) => {
    const options = (found ?? []).map((option) => ({ value: option.value, label: lookupLabel(option) }));
    for (const value of chosen) if (!options.some((option) => option.value === value)) options.push({ value, label: value });
    return options;
  };
  const accountOptions = (chosen: string[]) => optionsOf(accounts.data, chosen);
  const roleOptions = optionsOf(roles.data, settings.candidateGroups);
  const formId = formIdOf(settings.formKey);
  const formOptions = (forms.data ?? []).map((form) => ({ value: form.id, label: form.name }));
  if (formId !== undefined && !formOptions.some((option) => option.value === formId))
    formOptions.push({ value: formId, label: `#${formId}` });

  const setMulti = (next: Partial<MultiInstanceSettings>) => {
    const base: MultiInstanceSettings = multi ?? { sequential: false, collection: '', elementVariable: '', completion: 'all', ratio: 0.5 };
    writeMultiInstance(services, element, { ...base, ...next });
  };

  return (
    <>
      <Form.Item label={t('bpm.props.assignee')} htmlFor="bpm-prop-assignee">
        <Select
          id="bpm-prop-assignee"
          allowClear
          showSearch={{ filterOption: false, onSearch: setAccountText }}
          value={settings.assignee || undefined}
          options={accountOptions(settings.assignee ? [settings.assignee] : [])}
          onChange={(value?: string) => writeAttributes(services, element, { 'camunda:assignee': value ?? '' })}
          placeholder={t('bpm.props.assigneeHint')}
        />
      </Form.Item>
      <Form.Item label={t('bpm.props.candidateUsers')} htmlFor="bpm-prop-candidate-users">
        <Select
          id="bpm-prop-candidate-users"
          mode="tags"
          showSearch={{ filterOption: false, onSearch: setAccountText }}
          value={settings.candidateUsers}
          options={accountOptions(settings.candidateUsers)}
          onChange={(value: string[]) => writeAttributes(services, element, { 'camunda:candidateUsers': joinNames(value) ?? '' })}
        />
      </Form.Item>
      <Form.Item label={t('bpm.props.candidateGroups')} htmlFor="bpm-prop-candidate-groups">
        <Select
          id="bpm-prop-candidate-groups"
          mode="tags"
          showSearch={{ filterOption: false, onSearch: setRoleText }}
          value={settings.candidateGroups}
          options={roleOptions}
          onChange={(value: string[]) => writeAttributes(services, element, { 'camunda:candidateGroups': joinNames(value) ?? '' })}
        />
      </Form.Item>
      <TextSetting
        key={`${key}-due`}
        id="bpm-prop-due-date"
        label={t('bpm.props.dueDate')}
        value={settings.dueDate}
        check={(value) => (isDueDate(value) ? undefined : t('bpm.props.dueDateInvalid'))}
        onCommit={(dueDate) => writeAttributes(services, element, { 'camunda:dueDate': dueDate })}
      />
      <Form.Item label={t('bpm.props.form')} htmlFor="bpm-prop-form">
        <Select
          id="bpm-prop-form"
          allowClear
          value={formId}
          options={formOptions}
          loading={forms.isFetching}
          onChange={(value?: number) => writeAttributes(services, element, { 'camunda:formKey': value ? formKeyOf(value) : '' })}
          placeholder={t('bpm.props.noForm')}
        />
      </Form.Item>
      <Form.Item label={t('bpm.props.buttons')} htmlFor="bpm-prop-buttons">
        <Select
          id="bpm-prop-buttons"
          mode="multiple"
          value={buttons}
          options={(pluginButtons.data ?? []).map((button) => ({ value: button.code, label: button.name }))}
          onChange={(value: string[]) => writeExtensionProperty(services, element, taskButtonsProperty, value.join(','))}
        />
      </Form.Item>
      <Form.Item label={t('bpm.props.multiInstance')} htmlFor="bpm-prop-multi">
        <Switch
          id="bpm-prop-multi"
          checked={multi !== undefined}
          onChange={(on) => (on ? setMulti({}) : writeMultiInstance(services, element, undefined))}
        />
      </Form.Item>
      {multi && (
        <>
          <Form.Item label={t('bpm.props.multiMode')}>
            <Radio.Group
              aria-label={t('bpm.props.multiMode')}
              value={multi.sequential ? 'sequential' : 'parallel'}
              onChange={(event) => setMulti({ sequential: event.target.value === 'sequential' })}
              options={[
                { value: 'parallel', label: t('bpm.props.parallel') },
                { value: 'sequential', label: t('bpm.props.sequential') },
              ]}
            />
          </Form.Item>
          <TextSetting
            key={`${key}-collection`}
            id="bpm-prop-collection"
            label={t('bpm.props.collection')}
            value={multi.collection}
            onCommit={(collection) => setMulti({ collection })}
          />
          <TextSetting
            key={`${key}-element-variable`}
            id="bpm-prop-element-variable"
            label={t('bpm.props.elementVariable')}
            value={multi.elementVariable}
            onCommit={(elementVariable) => setMulti({ elementVariable })}
          />
          <Form.Item label={t('bpm.props.completion')}>
            <Radio.Group
              aria-label={t('bpm.props.completion')}
              value={multi.completion}
              onChange={(event) => setMulti({ completion: event.target.value })}
              options={[
                { value: 'all', label: t('bpm.props.completionAll') },
                { value: 'any', label: t('bpm.props.completionAny') },
                { value: 'ratio', label: t('bpm.props.completionRatio') },
              ]}
            />
          </Form.Item>
          {multi.completion === 'ratio' && (
            <Form.Item label={t('bpm.props.ratio')} htmlFor="bpm-prop-ratio">
              <InputNumber
                id="bpm-prop-ratio"
                min={0.01}
                max={1}
                step={0.05}
                value={multi.ratio}
                onChange={(ratio) => ratio !== null && setMulti({ ratio: Number(ratio) })}
              />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}
