import { useTranslation } from 'react-i18next';

/**
 * `dict:edit` as the reader's words for dictionary and edit, `portal:news:publish` for news and publish;
 * a code the page does not know stays as it is.
 */
export function useOperationName() {
  const { t } = useTranslation();
  return (operation: string) => {
    const parts = operation.split(':');
    const action = parts.length > 1 ? (parts.pop() ?? '') : '';
    const type = parts.join('_');
    return `${t(`operationLog.types.${type}`, { defaultValue: type })} · ${t(`operationLog.actions.${action}`, { defaultValue: action })}`;
  };
}
