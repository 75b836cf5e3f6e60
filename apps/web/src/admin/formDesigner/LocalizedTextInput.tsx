import { type Language, type LocalizedText, languages } from '@qiming/shared';
import { Button, Form, Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './formDesigner.module.css';

interface Props {
  /** The visible name of the text, e.g. "Label"; each box is named "Label (Chinese)" and so on. */
  label: string;
  value?: LocalizedText;
  /** Undefined once every language is empty, for texts a field may go without. */
  onChange(value: LocalizedText | undefined): void;
  optional?: boolean;
  multiline?: boolean;
  /** All four boxes at once, rather than Chinese with the others on request. */
  expanded?: boolean;
  problems?: string[];
}

/** Order of the boxes: Chinese first, as the one every text must have. */
const order: Language[] = ['zh', ...languages.filter((language) => language !== 'zh')];

/** A text in the four languages; Chinese is required, the others fall back to it. */
export function LocalizedTextInput({ label, value, onChange, optional, multiline, expanded, problems = [] }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(expanded || languages.some((language) => language !== 'zh' && value?.[language]));
  const shown = open ? order : order.slice(0, 1);

  const update = (language: Language, text: string) => {
    const next: LocalizedText = { ...(value ?? { zh: '' }), [language]: text };
    if (language !== 'zh' && text === '') delete next[language];
    const empty = languages.every((each) => !next[each]);
    onChange(optional && empty ? undefined : next);
  };

  return (
    <fieldset className={styles.group}>
      <legend>{label}</legend>
      {shown.map((language) => {
        const name = t('formDesigner.props.inLanguage', { text: label, language: t(`formDesigner.languages.${language}`) });
        const inputId = `${id}-${language}`;
        const own = language === 'zh' ? problems : [];
        const Box = multiline ? Input.TextArea : Input;
        return (
          <Form.Item
            key={language}
            label={name}
            htmlFor={inputId}
            required={language === 'zh' && !optional}
            validateStatus={own.length ? 'error' : undefined}
            help={own.length ? own.join(' ') : undefined}
          >
            <Box id={inputId} value={value?.[language] ?? ''} onChange={(event) => update(language, event.target.value)} />
          </Form.Item>
        );
      })}
      {!expanded && (
        <Button type="link" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('formDesigner.props.otherLanguages')}
        </Button>
      )}
    </fieldset>
  );
}
