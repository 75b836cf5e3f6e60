import { DatePicker, Input, InputNumber, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ImageInput } from './ImageInput.tsx';
import type { FieldDeclaration } from './resource.ts';
import { RichTextInput } from './richText/RichTextInput.tsx';

/** A choice keeps room for its longest option in an inline search bar; a form's column is wider anyway. */
const choiceWidth = { minWidth: 160 };

/** The antd input a field declaration asks for; antd's Form.Item passes value and onChange. */
export function FieldInput({
  field,
  ...control
}: {
  field: FieldDeclaration;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (field.component) {
    const Component = field.component;
    return <Component {...control} />;
  }
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea rows={3} {...(control as object)} />;
    case 'code':
      return <Input.TextArea rows={12} spellCheck={false} style={{ fontFamily: 'monospace' }} {...(control as object)} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...(control as object)} />;
    case 'tree':
      return <TreeSelect allowClear treeDefaultExpandAll treeData={field.tree} style={choiceWidth} {...(control as object)} />;
    case 'date': {
      // The form holds the date as the API's YYYY-MM-DD text; the picker works with dayjs.
      const { value, onChange, ...rest } = control;
      return (
        <DatePicker
          style={{ width: '100%' }}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : '')}
          {...rest}
        />
      );
    }
    case 'dateTime': {
      // The form holds the time as the API's 'YYYY-MM-DD HH:mm' text.
      const { value, onChange, ...rest } = control;
      return (
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD HH:mm') : '')}
          {...rest}
        />
      );
    }
    case 'image':
      return <ImageInput {...(control as object)} />;
    case 'richText':
      return <RichTextInput {...(control as object)} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...(control as object)} />;
    case 'select':
      return (
        <Select
          allowClear
          style={choiceWidth}
          // A long list is found by typing: its last options are off screen until scrolled to.
          showSearch={(field.options?.length ?? 0) > 8 ? { optionFilterProp: 'label' } : undefined}
          options={field.options?.map((option) => ({ value: option.value, label: t(option.label) }))}
          {...(control as object)}
        />
      );
    default:
      return <Input allowClear {...(control as object)} />;
  }
}
