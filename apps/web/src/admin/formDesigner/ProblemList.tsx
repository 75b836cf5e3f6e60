import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignProblem } from './designProblems.ts';
import styles from './formDesigner.module.css';
import { localizedLabel } from './localizedLabel.ts';
import { type DesignSchema, findField } from './schemaEditing.ts';

/** Every reason the schema cannot be saved yet, each leading to its field. */
export function ProblemList({ problems, design, onGoTo }: { problems: DesignProblem[]; design: DesignSchema; onGoTo(uid: string): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      className={styles.problems}
      title={t('formDesigner.problems.title')}
      description={
        <ul>
          {problems.map((problem, index) => {
            const field = problem.uid ? findField(design, problem.uid)?.field : undefined;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems are recomputed whole and a field may have the same message twice
              <li key={index}>
                {field && (
                  <Button type="link" size="small" onClick={() => onGoTo(field.uid)}>
                    {t('formDesigner.problems.goTo', { label: localizedLabel(field.label, field.key) })}
                  </Button>
                )}
                {problem.message}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
