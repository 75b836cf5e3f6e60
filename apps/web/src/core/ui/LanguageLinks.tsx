import { type Language, languages } from '@qiming/shared';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languageNames } from '../i18n/i18n.ts';
import styles from './languageLinks.module.css';

/**
 * The four languages side by side, for the sign-in page: one click, plain buttons, so the sign-in page
 * loads no antd for them.
 */
export function LanguageLinks() {
  const { t, i18n } = useTranslation();
  return (
    <nav aria-label={t('app.language')} className={styles.links}>
      {languages.map((language: Language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.link}
          aria-current={i18n.language === language ? 'true' : undefined}
          onClick={() => void changeLanguage(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </nav>
  );
}
