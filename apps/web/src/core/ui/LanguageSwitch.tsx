import { TranslationOutlined } from '@ant-design/icons';
import { type Language, languages } from '@qiming/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languageNames } from '../i18n/i18n.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: languages.map((language) => ({ key: language, label: <span lang={language}>{languageNames[language]}</span> })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={`${t('app.language')}: ${languageNames[i18n.language as Language]}`}
        data-testid="language-switch"
      >
        {languageNames[i18n.language as Language]}
      </Button>
    </Dropdown>
  );
}
