import { type FormSubField, type Language, localized } from '@qiming/shared';
import { Checkbox, DatePicker, Input, InputNumber, Radio, Rate, Select, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RichTextInput } from '../crud/richText/RichTextInput.tsx';
import { RecordPicker, RegionCascader, useChoiceOptions } from './lookupInputs.tsx';
import { UploadInput } from './UploadInput.tsx';

const dateFormat = 'YYYY-MM-DD';
const timeFormat = 'HH:mm';

export interface WidgetProps {
  field: FormSubField;
  language: Language;
  labels: Record<string, string>;
  /** Set by the form item: the shared value format of the kind (see `FormSchema`), never a widget's own. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** Names an input that has no visible label of its own: a sub-table's cell. */
  'aria-label'?: string;
}

const day = (value: unknown) => (typeof value === 'string' && value ? dayjs(value, dateFormat) : null);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' ? value : null);
/** A cleared input answers nothing, so that an emptied field is empty and not ''. */
const orNothing = (value: string) => (value === '' ? undefined : value);

/** The input of one field kind, reading and writing the value formats the shared checks expect. */
export function FieldWidget({ field, language, labels, value, onChange, ...rest }: WidgetProps) {
  const placeholder = field.placeholder && localized(field.placeholder, language);
  const common = { ...rest, placeholder };
  const change = (next: unknown) => onChange?.(next ?? undefined);
  const options = useChoiceOptions(field, language);
  switch (field.kind) {
    case 'text':
      return <Input {...common} value={text(value)} onChange={(event) => change(orNothing(event.target.value))} />;
    case 'textarea':
      return <Input.TextArea {...common} rows={4} value={text(value)} onChange={(event) => change(orNothing(event.target.value))} />;
    case 'number':
      return <InputNumber {...common} style={{ width: '100%' }} value={number(value)} onChange={change} />;
    case 'money':
      return (
        <InputNumber {...common} style={{ width: '100%' }} prefix="¥" precision={2} step={0.01} value={number(value)} onChange={change} />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          value={day(value)}
          onChange={(next: Dayjs | null) => change(next?.format(dateFormat))}
        />
      );
    case 'dateRange': {
      const [start, end] = Array.isArray(value) ? value : [];
      return (
        <DatePicker.RangePicker
          {...rest}
          style={{ width: '100%' }}
          value={[day(start), day(end)]}
          onChange={(next) => change(next?.[0] && next[1] ? [next[0].format(dateFormat), next[1].format(dateFormat)] : undefined)}
        />
      );
    }
    case 'time':
      return (
        <TimePicker
          {...common}
          format={timeFormat}
          style={{ width: '100%' }}
          value={typeof value === 'string' && value ? dayjs(value, value.length > 5 ? 'HH:mm:ss' : timeFormat) : null}
          onChange={(next: Dayjs | null) => change(next?.format(timeFormat))}
        />
      );
    case 'select':
      return <Select {...common} allowClear options={options} value={value as string | number | undefined} onChange={change} />;
    case 'radio':
      return <Radio.Group {...rest} options={options} value={value} onChange={(event) => change(event.target.value)} />;
    case 'checkbox':
      return (
        <Checkbox.Group
          {...rest}
          options={options}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => change(next.length > 0 ? next : undefined)}
        />
      );
    case 'switch':
      return <Switch {...rest} checked={value === true} onChange={change} />;
    case 'rate':
      return <Rate {...rest} value={number(value) ?? 0} onChange={(next) => change(next === 0 ? undefined : next)} />;
    case 'region':
      return (
        <RegionCascader {...common} labels={labels} value={Array.isArray(value) ? (value as string[]) : undefined} onChange={change} />
      );
    case 'organ':
    case 'account':
      return <RecordPicker {...common} kind={field.kind} labels={labels} value={number(value) ?? undefined} onChange={change} />;
    case 'upload':
      return <UploadInput {...rest} labels={labels} value={Array.isArray(value) ? (value as number[]) : undefined} onChange={change} />;
    case 'richText':
      return <RichTextInput id={rest.id} value={text(value)} onChange={(html) => change(orNothing(html === '<p></p>' ? '' : html))} />;
    default:
      return null;
  }
}
