import { diffLines } from 'diff';
import { useTranslation } from 'react-i18next';
import styles from './config.module.css';

/** Line changes from `before` to `after`; each changed line also says in words whether it was added or removed. */
export function ContentDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const parts = diffLines(before, after);
  if (parts.every((part) => !part.added && !part.removed)) return <p>{t('governance.diffSame')}</p>;
  return (
    <pre className={styles.diff}>
      {parts.flatMap((part, index) =>
        part.value
          .replace(/\n$/, '')
          .split('\n')
          .map((line, lineIndex) => {
            const key = `${index}-${lineIndex}`;
            if (part.added) return <ins key={key} className={styles.added} title={t('governance.added')}>{`+ ${line}`}</ins>;
            if (part.removed) return <del key={key} className={styles.removed} title={t('governance.removed')}>{`- ${line}`}</del>;
            return <span key={key}>{`  ${line}`}</span>;
          }),
      )}
    </pre>
  );
}
