import { type Language, languages } from '@qiming/shared';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languageNames } from '../i18n/i18n.ts';

/**
 * The four languages side by side, for the sign-in page: one click, and no drop-down menu, whose code
 * (antd's Dropdown and Menu) the sign-in page would otherwise load for this alone.
 */
export function LanguageLinks() {
  const { t, i18n } = useTranslation();
  return (
    <nav aria-label={t('app.language')}>
      {languages.map((language: Language) => (
        <Button
          key={language}
          type="link"
          lang={language}
          aria-current={i18n.language === language ? 'true' : undefined}
          onClick={() => void changeLanguage(language)}
        >
          {languageNames[language]}
        </Button>
      ))}
    </nav>
  );
}
