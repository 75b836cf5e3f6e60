import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormField } from '@qiming/shared';
import { Button, Form, Input, Radio } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldNaming } from './fieldNaming.ts';
import styles from './formDesigner.module.css';
import { LocalizedTextInput } from './LocalizedTextInput.tsx';

type Options = NonNullable<FormField['options']>;
type TypedOptions = Extract<Options, unknown[]>;

interface Props {
  value?: Options;
  onChange(value: Options, group?: string): void;
  problems: string[];
}

const startingOptions = (): TypedOptions => [1, 2].map((n) => ({ value: String(n), label: fieldNaming.option(n) }));

/** A choice's options: typed in (value and label), or the items of a dictionary named by its code. */
export function OptionsEditor({ value, onChange, problems }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const typed = Array.isArray(value) ? value : undefined;
  const setOption = (index: number, option: TypedOptions[number], group: string) =>
    onChange(
      (typed ?? []).map((each, at) => (at === index ? option : each)),
      group,
    );

  return (
    <fieldset className={styles.group}>
      <legend>{t('formDesigner.props.options')}</legend>
      <Radio.Group
        aria-label={t('formDesigner.props.optionSource')}
        optionType="button"
        value={typed ? 'typed' : 'dictionary'}
        onChange={(event) => onChange(event.target.value === 'typed' ? startingOptions() : { dictCode: '' })}
        options={[
          { value: 'typed', label: t('formDesigner.props.typedOptions') },
          { value: 'dictionary', label: t('formDesigner.props.dictionary') },
        ]}
      />
      {problems.length > 0 && (
        <div role="alert" className={styles.problem}>
          {problems.join(' ')}
        </div>
      )}
      {typed?.map((option, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option has no identity but its place; its value may be typed twice meanwhile
          <div key={index} className={styles.option}>
            <Form.Item label={t('formDesigner.props.optionValue', { n })} htmlFor={`${id}-${n}`}>
              <Input
                id={`${id}-${n}`}
                value={String(option.value)}
                onChange={(event) => setOption(index, { ...option, value: event.target.value }, `option-value-${n}`)}
              />
            </Form.Item>
            <LocalizedTextInput
              label={t('formDesigner.props.optionLabel', { n })}
              value={option.label}
              onChange={(label) => setOption(index, { ...option, label: label ?? { zh: '' } }, `option-label-${n}`)}
            />
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              disabled={typed.length === 1}
              aria-label={t('formDesigner.props.removeOption', { n })}
              onClick={() => onChange(typed.filter((_each, at) => at !== index))}
            />
          </div>
        );
      })}
      {typed && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange([...typed, { value: String(typed.length + 1), label: fieldNaming.option(typed.length + 1) }])}
        >
          {t('formDesigner.props.addOption')}
        </Button>
      )}
      {!typed && (
        <Form.Item label={t('formDesigner.props.dictCode')} htmlFor={`${id}-dict`}>
          <Input
            id={`${id}-dict`}
            value={value && 'dictCode' in value ? value.dictCode : ''}
            onChange={(event) => onChange({ dictCode: event.target.value }, 'dict-code')}
          />
        </Form.Item>
      )}
    </fieldset>
  );
}
