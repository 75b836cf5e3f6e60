import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { boundRules, type FormFieldKind, type FormValidator, type FormValidatorRule } from '@qiming/shared';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { rulesFor } from './fieldKinds.ts';
import styles from './formDesigner.module.css';
import { LocalizedTextInput } from './LocalizedTextInput.tsx';

interface Props {
  kind: FormFieldKind;
  value: FormValidator[];
  onChange(value: FormValidator[], group?: string): void;
  /** Messages of each rule, by its place. */
  problemsOf(index: number): string[];
}

/** A new rule starts without its bound or pattern, which the author then gives. */
const startRule = (rule: FormValidatorRule): FormValidator => (rule === 'pattern' ? { rule, value: '' } : { rule });

/** The field's validation rules: the spec's rules that apply to its kind, bounds, and an own pattern. */
export function ValidatorsEditor({ kind, value, onChange, problemsOf }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const choices = rulesFor(kind);
  const setRule = (index: number, validator: FormValidator, group?: string) =>
    onChange(
      value.map((each, at) => (at === index ? validator : each)),
      group,
    );
  const unused = choices.find((rule) => !value.some((validator) => validator.rule === rule)) ?? choices[0];

  return (
    <fieldset className={styles.group}>
      <legend>{t('formDesigner.props.validators')}</legend>
      {choices.length === 0 && <p className={styles.note}>{t('formDesigner.props.noRules')}</p>}
      {value.map((validator, index) => {
        const n = index + 1;
        const problems = problemsOf(index);
        const bound = (boundRules as readonly string[]).includes(validator.rule);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity but its place, and the same rule may be chosen twice
          <div key={index} className={styles.option}>
            <Form.Item
              label={t('formDesigner.props.rule', { n })}
              htmlFor={`${id}-${n}-rule`}
              validateStatus={problems.length ? 'error' : undefined}
              help={problems.length ? problems.join(' ') : undefined}
            >
              <Select
                id={`${id}-${n}-rule`}
                value={validator.rule}
                virtual={false}
                options={choices.map((rule) => ({ value: rule, label: t(`formDesigner.rules.${rule}`) }))}
                onChange={(rule: FormValidatorRule) => setRule(index, { ...startRule(rule), message: validator.message })}
              />
            </Form.Item>
            {bound && (
              <Form.Item label={t('formDesigner.props.ruleValue', { n })} htmlFor={`${id}-${n}-value`}>
                <InputNumber
                  id={`${id}-${n}-value`}
                  value={typeof validator.value === 'number' ? validator.value : null}
                  onChange={(number) => setRule(index, { ...validator, value: number ?? undefined }, `rule-value-${n}`)}
                />
              </Form.Item>
            )}
            {validator.rule === 'pattern' && (
              <Form.Item label={t('formDesigner.props.pattern', { n })} htmlFor={`${id}-${n}-pattern`}>
                <Input
                  id={`${id}-${n}-pattern`}
                  className={styles.code}
                  value={String(validator.value ?? '')}
                  onChange={(event) => setRule(index, { ...validator, value: event.target.value }, `rule-pattern-${n}`)}
                />
              </Form.Item>
            )}
            <LocalizedTextInput
              label={t('formDesigner.props.ownMessage', { n })}
              optional
              value={validator.message}
              onChange={(message) => setRule(index, { ...validator, message }, `rule-message-${n}`)}
            />
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('formDesigner.props.removeValidator', { n })}
              onClick={() => onChange(value.filter((_each, at) => at !== index))}
            />
          </div>
        );
      })}
      {unused && (
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...value, startRule(unused)])}>
          {t('formDesigner.props.addValidator')}
        </Button>
      )}
    </fieldset>
  );
}
