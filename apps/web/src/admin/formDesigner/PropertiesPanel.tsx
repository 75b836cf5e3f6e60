import { type FormCondition, optionKinds } from '@qiming/shared';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DefaultValueInput } from './DefaultValueInput.tsx';
import { type DesignProblem, problemsAt } from './designProblems.ts';
import { holdsValue, rulesFor, spans } from './fieldKinds.ts';
import styles from './formDesigner.module.css';
import { LocalizedTextInput } from './LocalizedTextInput.tsx';
import { localizedLabel } from './localizedLabel.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import type { DesignSubField } from './schemaEditing.ts';
import { ValidatorsEditor } from './ValidatorsEditor.tsx';

interface Props {
  field: DesignSubField;
  /** The other fields of its level, which its conditions may name. */
  siblings: DesignSubField[];
  problems: DesignProblem[];
  /** `group` merges a run of changes (typing into one box) into one undo step. */
  onChange(change: Partial<DesignSubField>, group?: string): void;
}

const placeholderKinds = new Set(['text', 'textarea', 'number', 'money', 'date', 'time', 'select', 'region', 'organ', 'account']);

/** Every property of the selected field, with the problems that keep the form from being saved next to them. */
export function PropertiesPanel({ field, siblings, problems, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const at = (path: string) => problemsAt(problems, field.uid, path);
  const status = (path: string) => (at(path).length ? { validateStatus: 'error' as const, help: at(path).join(' ') } : {});
  const grouped = (property: string) => `${field.uid}:${property}`;
  const valued = holdsValue(field.kind);
  const conditionChoices = siblings
    .filter((other) => other.uid !== field.uid && holdsValue(other.kind))
    .map((other) => ({ value: other.key, label: `${localizedLabel(other.label, other.key)} (${other.key})` }));

  const condition = (name: 'shownWhen' | 'requiredWhen') => (
    <Form.Item label={t(`formDesigner.props.${name}`)} htmlFor={`${id}-${name}`} {...status(name)}>
      <Select
        id={`${id}-${name}`}
        allowClear
        placeholder={t('formDesigner.props.always')}
        value={field[name]?.field}
        options={conditionChoices}
        onChange={(key?: string) => onChange({ [name]: key ? ({ field: key, hasValue: true } satisfies FormCondition) : undefined })}
      />
    </Form.Item>
  );
  const flag = (name: 'required' | 'hidden' | 'readOnly') => (
    <Form.Item label={t(`formDesigner.props.${name}`)} htmlFor={`${id}-${name}`} className={styles.flag}>
      <Switch id={`${id}-${name}`} checked={field[name]} onChange={(on) => onChange({ [name]: on })} />
    </Form.Item>
  );

  return (
    <Form layout="vertical" component="div" className={styles.properties}>
      <Form.Item label={t('formDesigner.props.key')} htmlFor={`${id}-key`} required {...status('key')}>
        <Input
          id={`${id}-key`}
          className={styles.code}
          value={field.key}
          onChange={(event) => onChange({ key: event.target.value }, grouped('key'))}
        />
      </Form.Item>
      <LocalizedTextInput
        label={t(valued ? 'formDesigner.props.label' : 'formDesigner.props.heading')}
        expanded
        value={field.label}
        problems={at('label')}
        onChange={(label) => onChange({ label: label ?? { zh: '' } }, grouped('label'))}
      />
      {placeholderKinds.has(field.kind) && (
        <LocalizedTextInput
          label={t('formDesigner.props.placeholder')}
          optional
          value={field.placeholder}
          problems={at('placeholder')}
          onChange={(placeholder) => onChange({ placeholder }, grouped('placeholder'))}
        />
      )}
      <LocalizedTextInput
        label={t(valued ? 'formDesigner.props.help' : 'formDesigner.props.paragraph')}
        optional
        multiline
        value={field.help}
        problems={at('help')}
        onChange={(help) => onChange({ help }, grouped('help'))}
      />
      <Form.Item label={t('formDesigner.props.span')} {...status('span')}>
        <Radio.Group
          aria-label={t('formDesigner.props.span')}
          optionType="button"
          value={field.span}
          onChange={(event) => onChange({ span: event.target.value })}
          options={spans.map((span) => ({ value: span, label: t(`formDesigner.props.spans.${span}`) }))}
        />
      </Form.Item>
      {valued && (
        <Form.Item label={t('formDesigner.props.defaultValue')} htmlFor={`${id}-default`}>
          <DefaultValueInput
            id={`${id}-default`}
            field={field}
            onChange={(defaultValue, group) => onChange({ defaultValue }, group && grouped(group))}
          />
        </Form.Item>
      )}
      <div className={styles.flags}>
        {valued && flag('required')}
        {flag('hidden')}
        {valued && flag('readOnly')}
      </div>
      {optionKinds.includes(field.kind) && (
        <OptionsEditor
          value={field.options}
          problems={at('options')}
          onChange={(options, group) => onChange({ options }, group && grouped(group))}
        />
      )}
      {rulesFor(field.kind).length > 0 && (
        <ValidatorsEditor
          kind={field.kind}
          value={field.validators}
          problemsOf={(index) => at(`validators.${index}`)}
          onChange={(validators, group) => onChange({ validators }, group && grouped(group))}
        />
      )}
      {condition('shownWhen')}
      {valued && condition('requiredWhen')}
    </Form>
  );
}
