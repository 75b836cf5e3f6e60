import { DatePicker, Input, InputNumber, Select, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import styles from './formDesigner.module.css';
import { localizedLabel } from './localizedLabel.ts';
import type { DesignSubField } from './schemaEditing.ts';

interface Props {
  id: string;
  field: DesignSubField;
  onChange(value: unknown, group?: string): void;
}

const dateFormat = 'YYYY-MM-DD';
const timeFormat = 'HH:mm';
const asDay = (value: unknown) => (typeof value === 'string' && dayjs(value, dateFormat).isValid() ? dayjs(value, dateFormat) : null);

/** The widget of the field's kind for its default value, in the shape the schema keeps (see shared forms.ts). */
export function DefaultValueInput({ id, field, onChange }: Props) {
  const { t } = useTranslation();
  const value = field.defaultValue;
  const text = typeof value === 'string' ? value : '';
  const options = Array.isArray(field.options)
    ? field.options.map((option) => ({ value: option.value, label: localizedLabel(option.label) }))
    : undefined;
  const typed = (next: string) => onChange(next === '' ? undefined : next, 'default');

  switch (field.kind) {
    case 'text':
      return <Input id={id} value={text} onChange={(event) => typed(event.target.value)} />;
    case 'textarea':
    case 'richText':
      return <Input.TextArea id={id} value={text} onChange={(event) => typed(event.target.value)} />;
    case 'number':
    case 'money':
    case 'rate':
      return (
        <InputNumber
          id={id}
          className={styles.wide}
          value={typeof value === 'number' ? value : null}
          min={field.kind === 'rate' ? 0 : undefined}
          max={field.kind === 'rate' ? 5 : undefined}
          precision={field.kind === 'number' ? undefined : field.kind === 'money' ? 2 : 0}
          onChange={(number) => onChange(number ?? undefined, 'default')}
        />
      );
    case 'date':
      return (
        <DatePicker id={id} value={asDay(value)} onChange={(day: Dayjs | null) => onChange(day ? day.format(dateFormat) : undefined)} />
      );
    case 'dateRange': {
      const range = Array.isArray(value) ? value : [];
      return (
        <DatePicker.RangePicker
          id={{ start: id }}
          value={[asDay(range[0]), asDay(range[1])]}
          onChange={(days) => onChange(days?.[0] && days[1] ? [days[0].format(dateFormat), days[1].format(dateFormat)] : undefined)}
        />
      );
    }
    case 'time':
      return (
        <TimePicker
          id={id}
          format={timeFormat}
          value={typeof value === 'string' ? dayjs(value, timeFormat) : null}
          onChange={(time: Dayjs | null) => onChange(time ? time.format(timeFormat) : undefined)}
        />
      );
    case 'select':
    case 'radio':
    case 'checkbox':
      if (!options) return <p className={styles.note}>{t('formDesigner.props.noDefault')}</p>;
      return (
        <Select
          id={id}
          allowClear
          mode={field.kind === 'checkbox' ? 'multiple' : undefined}
          value={value ?? (field.kind === 'checkbox' ? [] : undefined)}
          options={options}
          onChange={(chosen: unknown) => onChange(Array.isArray(chosen) && chosen.length === 0 ? undefined : (chosen ?? undefined))}
        />
      );
    case 'switch':
      return <Switch id={id} checked={value === true} onChange={(on) => onChange(on)} />;
    default:
      return <p className={styles.note}>{t('formDesigner.props.noDefault')}</p>;
  }
}
